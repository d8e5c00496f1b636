//! `crownlands analyse SAVE [--bot LEVEL] [--samples N] [--jobs J] [--seed S] [--json]
//! [--max-decisions N]`: every
//! decision of a saved game assessed by a bot: the move played, the bot's preferred move, the
//! win chance and expected final score after each, and what the move played gave up; then each
//! player's mean loss and biggest mistakes.

use super::print_json;
use crate::errors::{CliError, CliResult};
use crate::output::{round, say};
use crownlands_bots::Level;
use crownlands_bots::analysis::loss_percent;
use crownlands_bots::analysis::{
    Analyst, Assessment, Decision, MatchSoFar, PlayoutMoves, Summary, assess_all, summarize,
    too_many_decisions,
};
use crownlands_core::Registry;
use crownlands_core::{Game, Side};
use crownlands_saves::words::{is_team_game, seat_text, side_text};
use crownlands_saves::{Player, notation, read_save_file};
use serde_json::{Value, json};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::str::FromStr;

/// How many of each player's biggest mistakes are named.
const MISTAKES: usize = 3;

pub struct Options<'a> {
    pub bot: &'a str,
    pub samples: u32,
    pub jobs: Option<usize>,
    pub seed: u64,
    pub as_json: bool,
    pub max_decisions: usize,
}

/// The most decisions analysed unless `--max-decisions` says more: a match of 3 games at 8
/// players is about a thousand.
pub const DEFAULT_MAX_DECISIONS: usize = crownlands_bots::analysis::DEFAULT_MAX_DECISIONS;

/// The moves an analysis plays out for each decision it may weigh
/// ([`crownlands_bots::analysis::PLAYOUT_MOVES_PER_DECISION`]).
pub const PLAYOUT_MOVES_PER_DECISION: usize = crownlands_bots::analysis::PLAYOUT_MOVES_PER_DECISION;

/// One decision as the report shows it.
struct Row {
    /// From 1, over the whole save (every game of a match).
    index: usize,
    /// From 1 in its game, as `replay` numbers a game's moves.
    number: usize,
    game: usize,
    round: u32,
    side: Side,
    /// The seat that made the move (one of its team's, in a team game).
    seat: crownlands_core::Seat,
    played: String,
    best: String,
    /// The two in words where the token alone says little (a module's step: `tax1` is "Tax
    /// town at -1,0: 1 square, +1¢"), for the mistakes' lines.
    played_words: String,
    best_words: String,
    /// Why the best is better, as far as the moves' own effects show (`None`: the words say it).
    why: Option<String>,
    /// The candidates' tokens, in the assessment's order.
    candidates: Vec<String>,
    assessment: Assessment,
}

pub fn run(registry: &Registry, path: &Path, options: &Options<'_>) -> CliResult<ExitCode> {
    let level =
        Level::from_str(options.bot).map_err(|e| CliError::Message(format!("--bot: {e}")))?;
    if options.samples == 0 || options.samples > MAX_SAMPLES {
        return Err(CliError::Message(format!(
            "--samples {}: give 1 to {MAX_SAMPLES}",
            options.samples
        )));
    }
    // Worded as `simulate` words its ranges.
    if options.jobs == Some(0) {
        return Err(CliError::Message("--jobs 0: give at least 1".into()));
    }
    if options.max_decisions == 0 {
        return Err(CliError::Message(
            "--max-decisions 0: give at least 1 (it would refuse every save)".into(),
        ));
    }
    let file = path.display().to_string();
    let save = read_save_file(path).map_err(|e| CliError::Message(e.to_string()))?;
    let mut decisions = Vec::new();
    let mut places = Vec::new();
    // Each decision's game and move number in it.
    let mut at = Vec::new();
    // Decisions past the most weighed are counted, not kept: a save holding a hundred thousand
    // of them is refused without a copy of the game before each (gigabytes). Counted as the
    // analysis counts them: a forced move (one legal action) is not weighed, and not counted
    // against the most (kept while they are at most four times that: a save of nothing but
    // forced moves is refused too).
    let mut count = 0usize;
    let mut forced = 0usize;
    let game_moves: Vec<usize> = save.games.iter().map(|g| g.actions.len()).collect();
    // The play-outs' moves counted as the save is replayed: once they are past what is allowed
    // (each game as long as the save holds it), no more copies are kept either (a stranger's
    // 16-player match had taken a gigabyte before it was refused).
    let mut playouts = PlayoutMoves::new(game_moves.clone());
    let most_moves = options
        .max_decisions
        .saturating_mul(PLAYOUT_MOVES_PER_DECISION);
    let session = save
        .replay(registry, &file, |m| {
            if let Some(player) = m.before.to_act() {
                let weighed = m.before.legal_action_count() > 1;
                if weighed {
                    count += 1;
                } else {
                    forced += 1;
                }
                let so_far = MatchSoFar::of(m.session.played());
                playouts.add(m.before, m.game, m.index, so_far.games_after, weighed);
                if too_many_decisions(count, forced, options.max_decisions)
                    || playouts.at_least() > most_moves
                {
                    return;
                }
                places.push((m.game, m.before.round(), m.before.side_of(player), player));
                at.push((m.game, m.index));
                decisions.push(Decision {
                    before: m.before.clone(),
                    played: m.action,
                    index: decisions.len(),
                    so_far,
                });
            }
        })
        .map_err(|e| CliError::Message(e.to_string()))?;
    if too_many_decisions(count, forced, options.max_decisions) {
        let besides = match forced {
            0 => String::new(),
            1 => " (and 1 forced move)".to_string(),
            n => format!(" (and {n} forced moves)"),
        };
        // (The pace is the default bot's: a bot of its own is as quick as it is.)
        let pace = if options.bot == "mcts" {
            " (about a third of a second each on two cores)"
        } else {
            ""
        };
        let file = crownlands_core::text::escape_controls(&file);
        return Err(CliError::Message(format!(
            "{file} holds {count} decisions to weigh{besides}; analyse weighs at most {}{pace} \
             unless --max-decisions says more",
            options.max_decisions
        )));
    }
    let playout_moves = playouts.total(session.game().is_over());
    if playout_moves > most_moves {
        let enough = playout_moves.div_ceil(PLAYOUT_MOVES_PER_DECISION);
        let moves: usize = game_moves.iter().sum();
        let file = crownlands_core::text::escape_controls(&file);
        return Err(CliError::Message(format!(
            "{file}: weighing its {count} decisions plays out {playout_moves} moves a sample (the \
             moves left after each to the end of its match, in games of {moves} moves in all so far); analyse plays out at most \
             {most_moves} ({PLAYOUT_MOVES_PER_DECISION} for each of the --max-decisions {}; the \
             longest shipped game, Royal Wedding at 8 players, needs about 65,000) unless \
             --max-decisions says more ({enough} would do; at the default bot, expect minutes)",
            options.max_decisions
        )));
    }
    let analyst = Analyst {
        level,
        samples: options.samples,
        ..Analyst::default()
    };
    let bar = (std::io::stderr().is_terminal() && !decisions.is_empty()).then(|| {
        let bar = indicatif::ProgressBar::new(decisions.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} decisions, {elapsed} elapsed, about {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let progress = |done: usize| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    };
    // The work is the decisions weighed (a forced move is not): counted as the refusal above
    // counts them.
    let jobs = options.jobs.map(|j| {
        crate::lab::runner::capped_jobs(
            j,
            count as u64,
            ("decision to weigh", "decisions to weigh"),
        )
    });
    let assessments = assess_all(&analyst, &decisions, options.seed, jobs, &progress)
        .map_err(CliError::Message)?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut in_game = (usize::MAX, 0);
    let rows: Vec<Row> = decisions
        .iter()
        .zip(places)
        .zip(assessments)
        .enumerate()
        .map(|(i, ((d, (game, round, side, seat)), assessment))| {
            let (played_words, best_words) =
                words_apart(&d.before, d.played, assessment.best().action);
            Row {
                index: i + 1,
                number: {
                    in_game = if in_game.0 == game {
                        (game, in_game.1 + 1)
                    } else {
                        (game, 1)
                    };
                    in_game.1
                },
                game,
                round,
                side,
                seat,
                played: notation::token(&d.before, d.played),
                best: notation::token(&d.before, assessment.best().action),
                played_words,
                best_words,
                why: crownlands_bots::why::why_given(
                    &d.before,
                    d.played,
                    assessment.best().action,
                    assessment.points_apart(),
                ),
                candidates: assessment
                    .candidates
                    .iter()
                    .map(|c| notation::token(&d.before, c.action))
                    .collect(),
                assessment,
            }
        })
        .collect();
    let rules_note = super::rules_note(registry, &save, &file);
    let report = Report {
        file: &file,
        rules_note: rules_note.as_deref(),
        ruleset: &save.ruleset_name,
        level: &level,
        options,
        rows: &rows,
        game: session.game(),
        players: session.players(),
        // A match (Dynasty), also saved between its games with one game played: its values
        // are the match's.
        several_games: session.match_games() > 1,
        finished: session.is_over(),
    };
    if options.as_json {
        print_json(&report.json());
    } else {
        report.print();
    }
    Ok(ExitCode::SUCCESS)
}

/// The time budget `level` asks a search for, where it is past the analyst's cap (which cuts it).
fn search_capped(level: &Level) -> Option<std::time::Duration> {
    match level {
        Level::Mcts(config) => match config.budget {
            Some(crownlands_bots::mcts::Budget::Time(t))
                if t > crownlands_bots::analysis::SEARCH_CAP =>
            {
                Some(t)
            }
            _ => None,
        },
        _ => None,
    }
}

/// A summary's decisions and mean losses: `22 decisions (and 2 forced moves, not weighed); mean
/// loss 3.2% win chance, 1.10 points`, `forced` the words on forced moves. Tenths below 10%, as
/// the mistakes' losses: a mean of 0.4% beside mistakes of 2% and 5% read `0%`.
fn losses(s: &Summary, forced: &str) -> String {
    format!(
        "{}{forced}; mean loss {} win chance, {:.2} points",
        crownlands_core::modules::describe::plural(
            i64::try_from(s.decisions).unwrap_or(i64::MAX),
            "decision",
            "decisions"
        ),
        loss_percent(s.mean_loss),
        s.mean_score_loss
    )
}

/// The most samples an estimate may take.
const MAX_SAMPLES: u32 = 100_000;

/// A side's summary over the rows.
fn summary(rows: &[Row], side: Side) -> Summary {
    let assessments: Vec<Assessment> = rows.iter().map(|r| r.assessment.clone()).collect();
    let sides: Vec<Side> = rows.iter().map(|r| r.side).collect();
    summarize(&assessments, &sides, side, MISTAKES)
}

/// One seat's summary over its own moves (a player of a team, who plays for `side`).
fn seat_summary(rows: &[Row], side: Side, seat: crownlands_core::Seat) -> Summary {
    let own: Vec<&Row> = rows.iter().filter(|r| r.seat == seat).collect();
    let assessments: Vec<Assessment> = own.iter().map(|r| r.assessment.clone()).collect();
    let sides: Vec<Side> = own.iter().map(|r| r.side).collect();
    summarize(&assessments, &sides, side, MISTAKES)
}

/// A chance in whole percent, a half rounded up as the summaries' mistakes are
/// ([`crownlands_bots::analysis::Assessment::given_up`]): `12.5%` lost reads `13%` in the table
/// and in the mistake's line alike (formatting alone rounds a half to even, `12%`).
fn percent(x: f64) -> String {
    format!("{:.0}%", (x * 100.0).round())
}

/// What the report prints, text or JSON.
struct Report<'a> {
    file: &'a str,
    /// What the ruleset's name does not say of the save's rules (`replay`'s note too).
    rules_note: Option<&'a str>,
    ruleset: &'a str,
    level: &'a Level,
    options: &'a Options<'a>,
    rows: &'a [Row],
    game: &'a Game,
    players: &'a [Player],
    several_games: bool,
    /// Whether the save's game (or match) is over; an unfinished one is assessed as far as it
    /// went.
    finished: bool,
}

impl Report<'_> {
    fn print(&self) {
        let Report {
            file,
            rules_note,
            ruleset,
            level,
            options,
            rows,
            game,
            players,
            several_games,
            finished,
        } = *self;
        let file = crownlands_core::text::escape_controls(file);
        // `random` has no preference to weigh by: its shortlist is greedy's.
        let by = match level {
            Level::Random => "random (its shortlist greedy's: a random bot prefers nothing)".into(),
            level => level.to_string(),
        };
        say!(
            "{file}: {ruleset}, {} players; every decision assessed by {by} ({} an estimate, greedy playouts)",
            players.len(),
            if options.samples == 1 {
                "1 sample".to_string()
            } else {
                format!("{} samples", options.samples)
            }
        );
        if let Some(note) = rules_note {
            say!("({note})");
        }
        if !finished {
            say!(
                "the {} is unfinished: its decisions so far are assessed",
                if several_games { "match" } else { "game" }
            );
        }
        // A time budget past the analyst's cap runs to the cap only.
        if let Some(t) = search_capped(level) {
            say!(
                "(each search stops at {} s, the analyst's most: the {} ms asked are cut to that; a time budget gives other moves on another run)",
                crownlands_bots::analysis::SEARCH_CAP.as_secs(),
                t.as_millis()
            );
        }
        if several_games {
            say!(
                "win: the chance of winning the match after the move; score: the expected match total (the later games played out); loss: what the move played gave up against the best"
            );
        } else {
            say!(
                "win: the chance of winning after the move; score: the expected final score; loss: what the move played gave up against the best"
            );
        }
        // A module's moves too (`tax0`, `build2@1,-1`, `burn4`), in their own examples.
        let module_forms: Vec<&str> = game
            .modules()
            .iter()
            .flat_map(|m| m.action_words())
            .map(|w| w.example)
            .collect();
        say!(
            "moves as the notation writes them: c12 claims 12; 12:1,0e places 12, its first square at 1,0, its second east of it (n, e, s, w); x12 discards 12; pass skips a step{}",
            if module_forms.is_empty() {
                String::new()
            } else {
                format!("; the modules' moves: {}", module_forms.join(", "))
            }
        );
        say!();
        let names: Vec<String> = game
            .all_sides()
            .map(|s| side_text(game, players, s))
            .collect();
        // Each row's player: the side, or in a game of teams the team and the seat that moved
        // (`team 1, seat 2 (Bea)`: the team's whole name on every row said less).
        let teams = is_team_game(game);
        let mover = |r: &Row| -> String {
            if teams {
                format!(
                    "team {}, {}",
                    r.side.index() + 1,
                    seat_text(players, r.seat)
                )
            } else {
                names
                    .get(r.side.index())
                    .cloned()
                    .unwrap_or_else(|| "?".into())
            }
        };
        let width = rows
            .iter()
            .map(|r| crownlands_core::text::columns(&mover(r)))
            .max()
            .unwrap_or(4)
            .max(6);
        // Moves as the notation writes them (`claim 12`, `build3@-1,-1`): as wide as the longest.
        let moves = rows
            .iter()
            .flat_map(|r| [r.played.chars().count(), r.best.chars().count()])
            .max()
            .unwrap_or(0)
            .max(10);
        say!(
            "{:>4}  {:>6}  {:<width$}  {:<moves$} {:>5} {:>6}   {:<moves$} {:>5} {:>6}   loss",
            "move",
            if several_games { "when" } else { "round" },
            "player",
            "played",
            "win",
            "score",
            "best",
            "win",
            "score",
        );
        for r in rows {
            let a = &r.assessment;
            let played = a.played.map_or(a.best().value, |p| p.value);
            let best = a.best().value;
            let (lw, ls) = a.loss();
            let loss = if a.forced {
                "forced".to_string()
            } else if lw == 0.0 && ls == 0.0 {
                "-".to_string()
            } else if a.points_apart() < -0.05 {
                // Win chance given up for points: the points it gained said, not a loss of 0.
                format!("{} ({:.1} pt more)", loss_percent(lw), -a.points_apart())
            } else {
                format!("{} ({:.1} pt)", loss_percent(lw), ls)
            };
            // In a match, the game and the round: `g2 r11`.
            let when = if several_games {
                format!("g{} r{}", r.game + 1, r.round)
            } else {
                r.round.to_string()
            };
            say!(
                "{:>4}  {:>6}  {}  {:<moves$} {:>5} {:>6.1}   {:<moves$} {:>5} {:>6.1}   {loss}",
                r.number,
                when,
                crate::output::pad(&mover(r), width),
                r.played,
                percent(played.win),
                played.score,
                r.best,
                percent(best.win),
                best.score,
            );
        }
        // Decisions whose estimates stopped short of the samples asked (a ruleset of huge
        // kingdoms or lines: see `analysis::MAX_ESTIMATE_WORK`).
        // In a match, with the game (a move number alone is each game's).
        let short: Vec<String> = rows
            .iter()
            .filter(|r| !r.assessment.forced && r.assessment.samples < options.samples)
            .map(|r| {
                if several_games {
                    format!("{} ({})", where_in_match(r), r.assessment.samples)
                } else {
                    format!("{} ({})", r.number, r.assessment.samples)
                }
            })
            .collect();
        if !short.is_empty() {
            say!();
            say!(
                "fewer samples (the most work a decision may take was reached) at move{} {}",
                if short.len() == 1 { "" } else { "s" },
                short.join(", ")
            );
        }
        say!();
        for (side, name) in game.all_sides().zip(&names) {
            let s = summary(rows, side);
            let forced = match s.forced {
                0 => String::new(),
                1 => " (and 1 forced move, not weighed)".to_string(),
                n => format!(" (and {n} forced moves, not weighed)"),
            };
            if s.decisions == 0 {
                // A match saved between games, a seat yet to play: nothing was weighed.
                say!("{name}: no decision to weigh{forced}");
                continue;
            }
            say!("{name}: {}", losses(&s, &forced));
            // In a game of teams, each of the team's players on their own moves.
            if teams {
                for seat in crownlands_saves::words::side_seats(game, side) {
                    let own = seat_summary(rows, side, seat);
                    say!("  {}: {}", seat_text(players, seat), losses(&own, ""));
                }
            }
            if s.mistakes.is_empty() {
                say!("  no move gave anything up against the bot's preferred moves");
            } else if s.mistake_count > s.mistakes.len() {
                say!(
                    "  the {} biggest of {} moves that gave something up:",
                    s.mistakes.len(),
                    s.mistake_count
                );
            }
            for &i in &s.mistakes {
                let r = &rows[i];
                // Numbered as `replay` numbers a game's moves (in a match, with its game); in
                // a team game, with the seat that made it.
                let mut at = if several_games {
                    where_in_match(r)
                } else {
                    format!("move {}", r.number)
                };
                if is_team_game(game) {
                    at.push_str(&format!(" by {}", seat_text(players, r.seat)));
                }
                say!(
                    "  {at}: {} instead of {} (gave up {})",
                    r.played_words,
                    r.best_words,
                    r.assessment.loss_words()
                );
                if let Some(why) = &r.why {
                    say!("    {why}");
                }
            }
        }
    }

    fn json(&self) -> Value {
        let Report {
            file,
            ruleset,
            level,
            options,
            rows,
            game,
            players,
            several_games,
            finished,
            ..
        } = *self;
        let decisions: Vec<Value> = rows
            .iter()
            .map(|r| {
                let a = &r.assessment;
                let played = a.played.map_or(a.best().value, |p| p.value);
                let best = a.best().value;
                let (lw, ls) = a.loss();
                json!({
                    "index": r.index,
                    "move": r.number,
                    "game": r.game + 1,
                    "round": r.round,
                    "side": r.side.index() + 1,
                    "seat": r.seat.index() + 1,
                    "played": r.played,
                    "best": r.best,
                    "played_words": r.played_words,
                    "best_words": r.best_words,
                    "why": r.why,
                    "played_value": round(played.win, 4),
                    "best_value": round(best.win, 4),
                    "played_score": round(played.score, 2),
                    "best_score": round(best.score, 2),
                    "loss": round(lw, 4),
                    "score_loss": round(ls, 2),
                    "forced": a.forced,
                    "samples": a.samples,
                    "candidates": a.candidates.iter().zip(&r.candidates).map(|(c, token)| json!({
                        "action": token,
                        "win": round(c.value.win, 4),
                        "score": round(c.value.score, 2),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let sides: Vec<Value> = game
            .all_sides()
            .map(|side| {
                let s = summary(rows, side);
                let mut player = json!({
                    "side": side.index() + 1,
                    "name": side_text(game, players, side),
                    "decisions": s.decisions,
                    "forced": s.forced,
                    "mean_loss": round(s.mean_loss, 4),
                    "mean_score_loss": round(s.mean_score_loss, 3),
                    "mistakes": s.mistakes.iter().map(|&i| rows[i].index).collect::<Vec<_>>(),
                    "mistake_count": s.mistake_count,
                    // The same mistakes where a player finds them: the game (of a match) and
                    // the move in it, as `replay` numbers a game's moves, and the seat that
                    // made it (one of its team's in team games).
                    "mistakes_at": s.mistakes.iter().map(|&i| {
                        let r = &rows[i];
                        json!({
                            "index": r.index,
                            "game": r.game + 1,
                            "move": r.number,
                            "seat": r.seat.index() + 1,
                        })
                    }).collect::<Vec<_>>(),
                });
                // In a game of teams, each seat of the team on its own moves.
                if is_team_game(game) {
                    player["seats"] = crownlands_saves::words::side_seats(game, side)
                        .into_iter()
                        .map(|seat| {
                            let own = seat_summary(rows, side, seat);
                            json!({
                                "seat": seat.index() + 1,
                                "name": players.get(seat.index()).map(|p| p.name.clone()),
                                "decisions": own.decisions,
                                "forced": own.forced,
                                "mean_loss": round(own.mean_loss, 4),
                                "mean_score_loss": round(own.mean_score_loss, 3),
                            })
                        })
                        .collect();
                }
                player
            })
            .collect();
        json!({
            "file": file,
            "ruleset": ruleset,
            "bot": level.to_string(),
            "samples": options.samples,
            "seed": options.seed,
            "value": "win chance",
            // A match's values (the chance of winning the match, its expected total).
            "match": several_games,
            // The search's time cap where the bot's time budget passed it (`null` otherwise).
            "search_cap_ms": search_capped(level)
                .map(|_| crownlands_bots::analysis::SEARCH_CAP.as_millis() as u64),
            "finished": finished,
            "decisions": decisions,
            "players": sides,
        })
    }
}

/// A decision of a match as a player finds it: `game 2, move 15` (the move numbered in its game,
/// as `replay` numbers them).
fn where_in_match(r: &Row) -> String {
    format!("game {}, move {}", r.game + 1, r.number)
}

/// Two actions in words, as the terminal's analysis and log say them (`claim 12`, `place 12 at
/// 1,0→`, a module's step in its own words: `Tax town at -1,0: 1 square, +1¢`), or as their
/// tokens where the words do not tell them apart, control characters escaped.
fn words_apart(
    before: &crownlands_core::Game,
    a: crownlands_core::Action,
    b: crownlands_core::Action,
) -> (String, String) {
    let mut words = crownlands_saves::words::moves_apart(before, &[a, b])
        .into_iter()
        .map(|w| crownlands_core::text::escape_controls(&w).into_owned());
    (
        words.next().unwrap_or_default(),
        words.next().unwrap_or_default(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_whole_percent_rounds_a_half_up() {
        // As the mistakes' lines say it (the losses' tenths: `loss_percent`'s test, bots crate).
        assert_eq!(super::percent(0.625), "63%");
        assert_eq!(super::percent(0.125), "13%");
    }
}

//! Results as JSON (`simulate --json`, `compare --json`, `merge --json`): the same figures as
//! the text (`print`), each estimate with its interval, rounded as the text rounds it.

use super::figures::json_interval;
use super::print::{
    match_games, one_side, per_second, place_differences, seat_differences, seat_player, teams,
};
use super::stats::{self, Difference, Estimate};
use super::tally::{Tally, WIN_UNIT};
use super::{Kind, Results};
use crate::output::round;
use serde_json::{Value, json};

fn estimate_json(e: &Estimate, places: i32) -> Value {
    let [low, high] = json_interval(e.low, e.high, places);
    json!({
        "estimate": round(e.estimate, places),
        "low": low,
        "high": high,
        "significant": e.significant(),
    })
}

/// An estimate in points of unlike totals (a match's against a game's): said, not compared, as
/// the text says it (`(not compared)`, no star).
fn points_json(e: &Estimate, places: i32, compared: bool) -> Value {
    let mut v = estimate_json(e, places);
    if !compared {
        v["significant"] = json!(false);
        v["compared"] = json!(false);
    }
    v
}

/// How the sides fared by their place in the first line's claims, first claimer first.
pub(crate) fn first_claims_json(t: &Tally) -> Vec<Value> {
    stats::first_claims(t)
        .iter()
        .enumerate()
        .map(|(i, (w, s))| {
            json!({
                "place": i + 1,
                "seat_games": t.first_claims[i].games,
                // What the intervals count: one a game (a team's seats one result).
                "side_games": t.place_units(&t.first_claims[i]).games,
                "win_share": round(w.estimate, 4),
                "win_share_ci95": json_interval(w.low, w.high, 4),
                "mean_score": round(s.estimate, 3),
                "mean_score_ci95": json_interval(s.low, s.high, 3),
            })
        })
        .collect()
}

/// `simulate --dominoes`: each domino, the best for the side placing it first.
fn dominoes_json(t: &Tally) -> Vec<Value> {
    stats::dominoes(t)
        .iter()
        .map(|d| {
            // Never placed: no side's figures (null).
            let placed = d.placed > 0.0;
            json!({
                "domino": d.domino,
                "squares": d.squares,
                "placed": round(d.placed, 4),
                "discarded": round(d.discarded, 4),
                "win_share": placed.then(|| round(d.win_share.estimate, 4)),
                "win_share_ci95": placed
                    .then(|| json_interval(d.win_share.low, d.win_share.high, 4)),
                "mean_score": placed.then(|| round(d.score.estimate, 3)),
                "mean_score_ci95": placed.then(|| json_interval(d.score.low, d.score.high, 3)),
            })
        })
        .collect()
}

/// One ruleset's seats, teams, bonuses and discards.
/// The discards per game split: `{"left_unclaimed", "not_placeable", "given_up"}` (null for a
/// part of an older build; `given_up` null alone for a part that did not count it).
/// `not_placeable` keeps its name: the dominoes not placed (fitting nowhere, or given up where
/// `discard = "any-time"`), of which `given_up` were given up where they fitted.
fn discards_json(t: &Tally) -> Value {
    match stats::discards_split(t) {
        Some((u, n)) => json!({
            "left_unclaimed": round(u, 4),
            "not_placeable": round(n, 4),
            "given_up": stats::given_up(t).map(|g| round(g, 4)),
        }),
        None => Value::Null,
    }
}

fn tally_json(t: &Tally, player: &str) -> (Vec<Value>, Vec<Value>, Vec<Value>, f64) {
    let seats = stats::seats(t);
    let seat_rows = seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "seat": i + 1,
                "player": player,
                "mean_score": round(s.score.estimate, 3),
                "mean_score_ci95": json_interval(s.score.low, s.score.high, 3),
                "score_stddev": round(s.spread, 3),
                "win_share": round(s.win_share.estimate, 4),
                "win_share_ci95": json_interval(s.win_share.low, s.win_share.high, 4),
                "mean_dominoes_placed": round(s.placed, 3),
            })
        })
        .collect();
    let team_rows = teams(t, &seats)
        .iter()
        .enumerate()
        .map(|(i, team)| {
            json!({
                "team": i + 1,
                "seats": team.seats.iter().map(|p| p + 1).collect::<Vec<_>>(),
                "mean_score": round(team.summary.score.estimate, 3),
                "win_share": round(team.summary.win_share.estimate, 4),
            })
        })
        .collect();
    let bonuses = stats::bonus_rates(t)
        .into_iter()
        .map(|(k, row)| {
            json!({
                "bonus": k,
                "earned": row.iter().map(|x| round(*x, 4)).collect::<Vec<_>>(),
            })
        })
        .collect();
    (seat_rows, team_rows, bonuses, round(stats::discarded(t), 4))
}

/// How the games were won: `{"tied_top", "decided_by_tie_break", "shared"}` (shares of the
/// games, each with its interval) and `"winner_margin"` (mean and interval); null for a part of
/// an older build, and for a table of one side (no one to tie with or beat).
pub(crate) fn finishes_json(t: &Tally) -> Value {
    let Some(f) = stats::finishes(t).filter(|_| !one_side(t)) else {
        return Value::Null;
    };
    let e = |e: stats::Estimate, digits: i32| {
        json!({
            "estimate": round(e.estimate, digits),
            "ci95": json_interval(e.low, e.high, digits),
        })
    };
    json!({
        "tied_top": e(f.tied_top, 4),
        "decided_by_tie_break": e(f.by_tie_break, 4),
        "shared": e(f.shared, 4),
        "winner_margin": e(f.margin, 3),
    })
}

/// What the seats' sides held at the end of a game, on average: `[{"resource", "mean"}]`, a
/// mean per seat (empty without modules).
fn held_json(t: &Tally) -> Value {
    json!(
        stats::held_means(t)
            .into_iter()
            .map(|(k, row)| json!({
                "resource": k,
                "mean": row.iter().map(|x| round(*x, 4)).collect::<Vec<_>>(),
            }))
            .collect::<Vec<_>>()
    )
}

fn bots_json(t: &Tally) -> Vec<Value> {
    // The bonuses as the table lists them (a line that only took points away: its penalty's
    // key alone).
    let shown: Vec<String> = stats::bonus_rates(t).into_iter().map(|(k, _)| k).collect();
    t.bots
        .iter()
        .zip(stats::bots(t))
        .map(|(b, s)| {
            let wins = b.win_units as f64 / WIN_UNIT as f64;
            let g = b.games.max(1) as f64;
            json!({
                "bot": b.bot,
                "games": b.games,
                // In teams, the teams it played in, each once a game, and the independent
                // results its intervals count (its seat-games without teams; null: a part of
                // an older build kept none).
                "side_games": b.sides.as_ref().map_or(
                    (t.team_seats() == 1).then_some(b.games),
                    |s| Some(s.games),
                ),
                "effective_games": s.units.map(|n| round(n, 2)),
                "wins": round(wins, 3),
                "win_rate": round(s.win_rate.estimate, 4),
                "win_rate_ci95": json_interval(s.win_rate.low, s.win_rate.high, 4),
                "mean_score": round(s.score.estimate, 3),
                "mean_score_ci95": json_interval(s.score.low, s.score.high, 3),
                "mean_margin": round(b.margin_sum as f64 / g, 3),
                "ms_per_decision": round(b.nanos as f64 / 1e6 / b.decisions.max(1) as f64, 4),
                // Every bonus listed, 0 where never earned; null where not kept (an older
                // build's part).
                "bonus_rates": b.bonuses.as_ref().map(|counts| shown.iter().map(|k| {
                    let n = counts.get(k).copied().unwrap_or(0);
                    let games = b.games.saturating_mul(u64::from(t.match_games.max(1))).max(1);
                    (k.clone(), json!(round(n as f64 / games as f64, 4)))
                }).collect::<serde_json::Map<String, Value>>()),
            })
        })
        .collect()
}

/// The JSON report.
pub fn results(r: &Results) -> Value {
    let player = seat_player(r);
    let common = json!({
        "players": r.run.players,
        "games": r.games_played,
        "games_requested": r.run.games,
        "stopped": r.stopped,
        // Null when the two rulesets of a comparison differ (each ruleset's entry says its own).
        "games_per_match": r
            .tallies
            .iter()
            .all(|t| t.match_games == match_games(r))
            .then(|| match_games(r)),
        "seed": r.run.seed,
        "seconds": round(r.seconds, 6),
        "games_per_second": round(per_second(r), 1),
    });
    let mut doc = common;
    match r.run.kind {
        Kind::Simulate => {
            let Some(t) = r.tallies.first() else {
                return doc;
            };
            let (seats, teams, bonuses, discarded) = tally_json(t, &player);
            doc["ruleset"] = json!(r.run.rulesets.first().map(|x| x.name.clone()));
            doc["seats"] = json!(seats);
            doc["teams"] = json!(teams);
            doc["bonuses"] = json!(bonuses);
            doc["mean_dominoes_discarded"] = json!(discarded);
            doc["discards"] = discards_json(t);
            doc["first_claims"] = json!(first_claims_json(t));
            doc["held"] = held_json(t);
            doc["finishes"] = finishes_json(t);
            if t.dominoes.is_some() {
                doc["dominoes"] = json!(dominoes_json(t));
            }
            if !r.run.bots.is_empty() {
                doc["bot_list"] = json!(r.run.bots);
                doc["bots"] = json!(bots_json(t));
            }
        }
        Kind::Compare => {
            let rulesets: Vec<Value> = r
                .tallies
                .iter()
                .zip(&r.run.rulesets)
                .map(|(t, id)| {
                    let (seats, teams, bonuses, discarded) = tally_json(t, &player);
                    let mut v = json!({
                        "ruleset": id.name,
                        "games_per_match": t.match_games,
                        "seats": seats,
                        "teams": teams,
                        "bonuses": bonuses,
                        "mean_dominoes_discarded": discarded,
                        "discards": discards_json(t),
                        "first_claims": first_claims_json(t),
                        "held": held_json(t),
                        "finishes": finishes_json(t),
                    });
                    if !r.run.bots.is_empty() {
                        v["bots"] = json!(bots_json(t));
                    }
                    v
                })
                .collect();
            // Matches of different lengths: their totals in points are said, not compared.
            let compared = match (r.tallies.first(), r.tallies.get(1)) {
                (Some(a), Some(b)) => a.match_games == b.match_games,
                _ => true,
            };
            doc["scores_compared"] = json!(compared);
            let differences: Vec<Value> = seat_differences(r)
                .iter()
                .enumerate()
                .map(|(i, d): (usize, &Difference)| {
                    json!({
                        "seat": i + 1,
                        "mean_score": points_json(&d.score, 3, compared),
                        "win_share": estimate_json(&d.win_share, 4),
                    })
                })
                .collect();
            doc["rulesets"] = json!(rulesets);
            doc["differences"] = json!(differences);
            if let (Some(a), Some(b)) = (r.tallies.first(), r.tallies.get(1)) {
                let (sa, sb) = (stats::seats(a), stats::seats(b));
                let spreads: Vec<f64> = sa
                    .iter()
                    .zip(&sb)
                    .map(|(x, y)| round(y.spread - x.spread, 3))
                    .collect();
                let bonuses: Vec<Value> = stats::bonus_differences(a, b)
                    .iter()
                    .map(|(key, seats)| {
                        json!({
                            "bonus": key,
                            "seats": seats.iter().enumerate().map(|(i, e)| {
                                let mut v = estimate_json(e, 4);
                                v["seat"] = json!(i + 1);
                                v
                            }).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                let diffs = seat_differences(r);
                let team_differences: Vec<Value> = teams(a, &sa)
                    .iter()
                    .enumerate()
                    .filter_map(|(k, team)| {
                        let d = diffs.get(*team.seats.first()?)?;
                        Some(json!({
                            "team": k + 1,
                            "seats": team.seats.iter().map(|p| p + 1).collect::<Vec<_>>(),
                            "mean_score": points_json(&d.score, 3, compared),
                            "win_share": estimate_json(&d.win_share, 4),
                        }))
                    })
                    .collect();
                if !team_differences.is_empty() {
                    doc["team_differences"] = json!(team_differences);
                }
                let bot_differences: Vec<Value> =
                    stats::bot_differences(&r.paired_bots, a, r.games_played)
                        .iter()
                        .map(|(bot, d)| {
                            json!({
                                "bot": bot,
                                "mean_score": points_json(&d.score, 3, compared),
                                "win_share": estimate_json(&d.win_share, 4),
                            })
                        })
                        .collect();
                if !bot_differences.is_empty() {
                    doc["bot_differences"] = json!(bot_differences);
                }
                doc["spread_differences"] = json!(spreads);
                // With their intervals (as for independent runs), where the histograms allow.
                doc["spread_intervals"] = json!(
                    stats::spread_differences(a, b)
                        .iter()
                        .map(|(_, e)| e.as_ref().map(|e| points_json(e, 3, compared)))
                        .collect::<Vec<_>>()
                );
                doc["bonus_differences"] = json!(bonuses);
                doc["discarded_difference"] = estimate_json(&stats::discard_difference(a, b), 4);
                let bot_bonuses = stats::bot_bonus_differences(a, b);
                if !bot_bonuses.is_empty() {
                    doc["bot_bonus_differences"] = json!(
                        bot_bonuses
                            .iter()
                            .map(|(key, bots)| json!({
                                "bonus": key,
                                "bots": bots.iter().map(|(bot, e)| {
                                    let mut v = estimate_json(e, 4);
                                    v["bot"] = json!(bot);
                                    v
                                }).collect::<Vec<_>>(),
                            }))
                            .collect::<Vec<_>>()
                    );
                }
                if let Some(f) = stats::finish_differences(a, b) {
                    doc["finish_differences"] = json!({
                        "winner_margin": points_json(&f.margin, 3, compared),
                        "tied_top": estimate_json(&f.tied_top, 4),
                        "decided_by_tie_break": estimate_json(&f.by_tie_break, 4),
                        "shared": estimate_json(&f.shared, 4),
                    });
                }
                let dominoes = stats::domino_differences(a, b);
                if !dominoes.is_empty() {
                    doc["domino_differences"] = json!(
                        dominoes
                            .iter()
                            .map(|d| json!({
                                "domino": d.domino,
                                "squares": d.squares,
                                "a_win_share": round(d.a, 4),
                                "b_win_share": round(d.b, 4),
                                "difference": estimate_json(&d.difference, 4),
                            }))
                            .collect::<Vec<_>>()
                    );
                }
                doc["held_differences"] = json!(
                    stats::held_differences(a, b)
                        .iter()
                        .map(|(k, e)| json!({"resource": k, "difference": estimate_json(e, 4)}))
                        .collect::<Vec<_>>()
                );
                let (places, paired_places) = place_differences(r, a, b);
                doc["first_claims_paired"] = json!(paired_places);
                doc["first_claims_differences"] = json!(
                    places
                        .iter()
                        .enumerate()
                        .map(|(i, (w, sc))| json!({
                            "place": i + 1,
                            "win_share": estimate_json(w, 4),
                            "score": points_json(sc, 3, compared),
                        }))
                        .collect::<Vec<_>>()
                );
            }
            if !r.run.bots.is_empty() {
                doc["bot_list"] = json!(r.run.bots);
            }
        }
    }
    doc
}

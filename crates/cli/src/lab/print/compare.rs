//! `compare`'s report: the one-line answer, the differences B - A per seat, bot and team with
//! their intervals, the bonuses', the dominoes', and how many stars chance alone would give.

use super::*;

/// A difference's score and win cells, as the team and bot tables write them:
/// `  +1.23* 0.5 to 2.0          +3.1%  -1.0 to 7.2%`.
/// A row's differences B - A (score, then win share) with their intervals; the score's star
/// left out where `scores_unlike` (matches of different lengths: their totals are not compared).
pub(super) fn difference_cells(d: &Difference, scores_unlike: bool) -> Vec<String> {
    vec![
        format!("{:+.2}", signed(d.score.estimate, 2)),
        if scores_unlike { "" } else { mark(&d.score) }.to_string(),
        interval(&d.score, 2, false),
        format!("{:+.1}%", signed(d.win_share.estimate * 100.0, 1)),
        mark(&d.win_share).to_string(),
        interval(&d.win_share, 1, true),
    ]
}

/// The columns of [`difference_cells`] after a table's own first ones: each difference, its
/// star in a column of its own (the heading stands over the figure), its interval.
pub(super) const DIFFERENCE_COLUMNS: [Column; 6] = [
    Column::right(11, "  "),
    Column::left(1, ""),
    Column::left(16, " "),
    Column::right(9, "  "),
    Column::left(1, ""),
    Column::left(12, " "),
];

/// The heading cells of [`difference_cells`].
pub(super) const DIFFERENCE_HEADING: [&str; 6] = [
    "B - A score",
    "",
    "95% interval",
    "B - A win",
    "",
    "95% interval",
];

/// `compare`'s answer in one line ([`crate::lab::verdict::text`]): of the bots where two kinds or
/// more take turns in the seats, else of the teams, else of the seats, and by the place in the
/// first claims. Empty outside a comparison.
pub fn verdict(r: &Results) -> String {
    let (Some(a), Some(b)) = (r.tallies.first(), r.tallies.get(1)) else {
        return String::new();
    };
    let diffs = seat_differences(r);
    let bot_rows = stats::bot_differences(&r.paired_bots, a, r.games_played);
    let team_rows = teams(a, &stats::seats(a));
    verdict_of(r, a, b, &diffs, &bot_rows, &team_rows, &Beyond::of(r, a, b))
}

/// [`verdict`] from the figures `compare_text` works out for its tables.
pub(super) fn verdict_of(
    r: &Results,
    a: &Tally,
    b: &Tally,
    diffs: &[stats::Difference],
    bot_rows: &[(String, stats::Difference)],
    team_rows: &[TeamRow],
    beyond: &Beyond,
) -> String {
    // The same player in every seat (random moves, or one bot everywhere), no teams: the seats
    // are alike, so a seat's change in wins or score is chance by design; the players are said
    // pooled, from the games themselves where the run kept one bot's (every seat's) figures.
    let alike = seats_alike(a, b, bot_rows.len(), diffs.len());
    let pooled_name = a.bots.first().map_or("a random player".to_string(), |b| {
        crownlands_core::text::escape_controls(&b.bot).into_owned()
    });
    let (rows, every): (Vec<(String, stats::Difference)>, &str) = if alike {
        let pooled = match r.paired_bots.as_slice() {
            [g] if g.games == r.games_played && g.seats > 0 => {
                stats::group_difference(g, g.score_sq_sum > 0)
            }
            _ => stats::pooled_seats(diffs),
        };
        (vec![(pooled_name.clone(), pooled)], "every seat")
    } else if bot_rows.len() > 1 {
        (
            bot_rows
                .iter()
                .map(|(bot, d)| (crownlands_core::text::escape_controls(bot).into_owned(), *d))
                .collect(),
            "every bot",
        )
    } else if !team_rows.is_empty() {
        (
            team_rows
                .iter()
                .enumerate()
                .filter_map(|(k, t)| {
                    let d = t.seats.first().and_then(|&p| diffs.get(p))?;
                    Some((format!("team {}", k + 1), *d))
                })
                .collect(),
            "every team",
        )
    } else {
        (
            diffs
                .iter()
                .enumerate()
                .map(|(i, d)| (format!("seat {}", i + 1), *d))
                .collect(),
            "every seat",
        )
    };
    // And by the place in the first claims, where a rule of who claims first changes it.
    let places: Vec<(String, stats::Difference)> = beyond
        .places
        .iter()
        .enumerate()
        .map(|(k, &(w, s))| {
            (
                format!("place {}", k + 1),
                stats::Difference {
                    score: s,
                    win_share: w,
                },
            )
        })
        .collect();
    let (_, unit) = run_label(match_games(r));
    crate::lab::verdict::text(&crate::lab::verdict::Compared {
        rows: &rows,
        places: &places,
        every,
        games: r.games_played,
        unit,
        unlike_scores: (a.match_games != b.match_games).then_some(
            if a.match_games > 1 && b.match_games > 1 {
                "totals over matches of different lengths"
            } else {
                "a match's totals against a game's"
            },
        ),
        alike,
        sides: (a.sides() != b.sides()).then(|| {
            let same = a.bots.len() <= 1 && b.bots.len() <= 1 && bot_rows.len() <= 1;
            (a.sides(), b.sides(), same.then_some(pooled_name.as_str()))
        }),
    })
}

pub(super) fn compare_text(out: &mut String, r: &Results, what: &str, unit: &str) {
    let (Some(a), Some(b)) = (r.tallies.first(), r.tallies.get(1)) else {
        return;
    };
    let name = |i: usize| r.run.rulesets.get(i).map_or("", |x| x.name.as_str());
    // Matches of different lengths: the scores are not compared (no star on them below).
    let unlike = a.match_games != b.match_games;
    // `1 game` as `simulate` says it; runs of different lengths counted by their seeds.
    let what = if unlike {
        if r.games_played == 1 { "seed" } else { "seeds" }.to_string()
    } else if r.games_played == 1 {
        singular(what)
    } else {
        what.to_string()
    };
    let _ = writeln!(
        out,
        "{} {what} of {} (A) and {} (B) with {}, on the same seeds (seed {}), in {}: {} per ruleset",
        r.games_played,
        name(0),
        name(1),
        who(r),
        r.run.seed,
        run_time(r.seconds),
        pace(r, unit),
    );
    if a.match_games != b.match_games {
        let games = |m: u8| {
            if m > 1 {
                format!("a match of {m} games")
            } else {
                "one game".to_string()
            }
        };
        // What the scores compare: totals over matches of different lengths, or a match's
        // with a game's.
        let what = if a.match_games > 1 && b.match_games > 1 {
            "totals over matches of different lengths"
        } else {
            "a match's totals with a game's"
        };
        let _ = writeln!(
            out,
            "note: A plays {} a seed, B {}: the scores and wins below compare {what}; the \
             bonuses and discards are per game on both sides",
            games(a.match_games),
            games(b.match_games),
        );
    }
    // The figures of the tables below, and the answer in one line above them.
    let (sa, sb) = (stats::seats(a), stats::seats(b));
    let diffs = seat_differences(r);
    let team_rows = teams(a, &sa);
    let bot_rows = stats::bot_differences(&r.paired_bots, a, r.games_played);
    let beyond = Beyond::of(r, a, b);
    out.push_str(&verdict_of(r, a, b, &diffs, &bot_rows, &team_rows, &beyond));
    let mut rows = vec![
        [
            "seat",
            "score A",
            "score B",
            "B - A",
            "",
            "95% interval",
            "win A",
            "win B",
            "B - A",
            "",
            "95% interval",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (i, d) in diffs.iter().enumerate() {
        let (Some(x), Some(y)) = (sa.get(i), sb.get(i)) else {
            continue;
        };
        rows.push(vec![
            (i + 1).to_string(),
            format!("{:.2}", x.score.estimate),
            format!("{:.2}", y.score.estimate),
            format!("{:+.2}", signed(d.score.estimate, 2)),
            if unlike { "" } else { mark(&d.score) }.to_string(),
            interval(&d.score, 2, false),
            format!("{:.1}%", x.win_share.estimate * 100.0),
            format!("{:.1}%", y.win_share.estimate * 100.0),
            format!("{:+.1}%", signed(d.win_share.estimate * 100.0, 1)),
            mark(&d.win_share).to_string(),
            interval(&d.win_share, 1, true),
        ]);
    }
    let columns = [
        Column::right(4, ""),
        Column::right(7, "  "),
        Column::right(7, "  "),
        Column::right(7, "  "),
        Column::left(1, ""),
        Column::left(16, " "),
        Column::right(6, "  "),
        Column::right(6, "  "),
        Column::right(7, "  "),
        Column::left(1, ""),
        Column::left(12, " "),
    ];
    write_table(out, &columns, &rows);
    // In team games, the same per team (every seat of a team scores and wins alike).
    if !team_rows.is_empty() {
        let mut rows = vec![
            ["team", "seats"]
                .into_iter()
                .chain(DIFFERENCE_HEADING)
                .map(String::from)
                .collect::<Vec<_>>(),
        ];
        for (k, team) in team_rows.iter().enumerate() {
            let Some(d) = team.seats.first().and_then(|&p| diffs.get(p)) else {
                continue;
            };
            let seats: Vec<String> = team.seats.iter().map(|p| (p + 1).to_string()).collect();
            let mut row = vec![(k + 1).to_string(), seats.join("+")];
            row.extend(difference_cells(d, unlike));
            rows.push(row);
        }
        let mut columns = vec![Column::right(4, ""), Column::left(5, "  ")];
        columns.extend(DIFFERENCE_COLUMNS);
        write_table(out, &columns, &rows);
    }
    // With bots, the same per bot of the list (its seats in each game, wherever the rotation
    // put them): does B suit one bot more than another?
    if !bot_rows.is_empty() {
        let mut rows = vec![
            std::iter::once("bot")
                .chain(DIFFERENCE_HEADING)
                .map(String::from)
                .collect::<Vec<_>>(),
        ];
        for (bot, d) in &bot_rows {
            let mut row = vec![crownlands_core::text::escape_controls(bot).into_owned()];
            row.extend(difference_cells(d, unlike));
            rows.push(row);
        }
        let mut columns = vec![Column::left(3, "")];
        columns.extend(DIFFERENCE_COLUMNS);
        write_table(out, &columns, &rows);
    }
    // The footnote under the seat table when a seat is starred; when only a figure further
    // down is (a bonus, the discards), with the note on those figures' intervals, where the
    // star is.
    let seat_starred = diffs
        .iter()
        .chain(bot_rows.iter().map(|(_, d)| d))
        .any(|d| (d.score.significant() && !unlike) || d.win_share.significant());
    let below_starred = beyond.all().any(|e| e.significant());
    if seat_starred {
        let _ = writeln!(
            out,
            "* the difference is significant: its 95% interval (from the paired games) leaves out 0"
        );
    }
    noise_text(
        out,
        r,
        &diffs,
        &bot_rows,
        seats_alike(a, b, bot_rows.len(), diffs.len()),
    );
    let _ = writeln!(
        out,
        "spread B - A (standard deviation of the score), seat by seat: {}{}",
        beyond
            .spreads
            .iter()
            .map(|(d, e)| match e {
                Some(e) => format!(
                    "{:+.2}{} ({})",
                    signed(*d, 2),
                    mark(e),
                    interval(e, 2, false)
                ),
                None => format!("{:+.2}", signed(*d, 2)),
            })
            .collect::<Vec<_>>()
            .join("; "),
        if unlike { " (not compared)" } else { "" }
    );
    let share = |e: &Estimate| {
        format!(
            "{:+.1}%{} {}",
            signed(e.estimate * 100.0, 1),
            mark(e),
            interval(e, 1, true)
        )
    };
    let paid = penalties(beyond.bonuses.iter().map(|(k, _)| k.as_str()));
    bonus_rows(
        out,
        &format!("bonus earned{paid}, B - A in share of games, seat by seat:"),
        beyond
            .bonuses
            .iter()
            .map(|(key, seats)| (key.as_str(), seats.iter().map(share).collect()))
            .collect(),
    );
    // The same by bot, where bots of two kinds or more take turns (a seat's mixes them).
    let paid = penalties(beyond.bot_bonuses.iter().map(|(k, _)| k.as_str()));
    bonus_rows(
        out,
        &format!("bonus earned{paid} by bot, B - A in share of its games:"),
        beyond
            .bot_bonuses
            .iter()
            .map(|(key, bots)| {
                let cells = bots.iter().map(|(bot, e)| format!("{bot} {}", share(e)));
                (key.as_str(), cells.collect())
            })
            .collect(),
    );
    let discards = &beyond.discards;
    // Of which left unclaimed in the lines (set by the rules: 12 a game at 3 players) and not
    // placeable (what the play changes); those split again where either ruleset had dominoes
    // given up where they fitted (a house rule): given up and fitting nowhere, each its own
    // difference (more given up can mean fewer that fit nowhere).
    let given_up = stats::given_up(a).zip(stats::given_up(b));
    let split = stats::discards_split(a)
        .zip(stats::discards_split(b))
        .map_or_else(String::new, |((ua, na), (ub, nb))| {
            let not_placed = match given_up.filter(|&(ga, gb)| ga > 0.0 || gb > 0.0) {
                Some((ga, gb)) => format!(
                    "{:+.2}: given up where they fitted {:+.2}, fitting nowhere {:+.2}",
                    signed(nb - na, 2),
                    signed(gb - ga, 2),
                    signed((nb - gb) - (na - ga), 2)
                ),
                None => format!("{:+.2}", signed(nb - na, 2)),
            };
            format!(
                " (left unclaimed in a line {:+.2}, not placed {not_placed})",
                signed(ub - ua, 2),
            )
        });
    let _ = writeln!(
        out,
        "dominoes discarded a game, B - A: {:+.3}{} {}{split}",
        signed(discards.estimate, 3),
        mark(discards),
        interval(discards, 3, false)
    );
    // How the games end: closer or further apart, tied at the top more or less often.
    if let Some(f) = &beyond.finishes {
        let share = |e: &Estimate| {
            format!(
                "{:+.1}%{} ({})",
                signed(e.estimate * 100.0, 1),
                mark(e),
                interval(e, 1, true)
            )
        };
        // Of unlike totals (a match's against a game's) the margin is said, not compared.
        let margin = if beyond.scores_unlike {
            format!("{:+.2} (not compared)", signed(f.margin.estimate, 2))
        } else {
            format!(
                "{:+.2}{} ({})",
                signed(f.margin.estimate, 2),
                mark(&f.margin),
                interval(&f.margin, 2, false)
            )
        };
        let _ = writeln!(
            out,
            "{}, B - A: the winner's margin over the next side {margin}; the top total tied {} (decided by a tie-break {}, shared {})",
            if beyond.scores_unlike {
                "games and matches"
            } else {
                "games"
            },
            share(&f.tied_top),
            share(&f.by_tie_break),
            share(&f.shared),
        );
    }
    let held = &beyond.held;
    if !held.is_empty() {
        let _ = writeln!(
            out,
            "held at the end of a game, B - A (mean over the seats): {}",
            held.iter()
                .map(|(k, e)| format!(
                    "{k} {:+.2}{} ({})",
                    signed(e.estimate, 2),
                    mark(e),
                    interval(e, 2, false)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    // What only one of the two keeps (a module B adds): its mean, said as such.
    for (label, own, other) in [("A", a, b), ("B", b, a)] {
        let only: Vec<String> = stats::held_means(own)
            .into_iter()
            .filter(|(k, _)| !other.held.contains_key(k))
            .map(|(k, seats)| {
                let mean = seats.iter().sum::<f64>() / seats.len().max(1) as f64;
                format!("{k} {mean:.2}")
            })
            .collect();
        if !only.is_empty() {
            let _ = writeln!(
                out,
                "held at the end of a game under {label} only (mean over the seats): {}",
                only.join("; ")
            );
        }
    }
    // The first player's advantage under each, and whether B changes it: paired game by game
    // where the first claims fell alike under both.
    let (places, paired_places) = (&beyond.places, beyond.paired_places);
    if places.len() > 1 {
        let _ = writeln!(
            out,
            "by the place the side claimed the first line in (1 first), B - A{}: {}",
            if paired_places { ", paired" } else { "" },
            places
                .iter()
                .enumerate()
                .map(|(i, (w, s))| format!(
                    "{} wins {:+.1}%{} ({}), {:+.2}{} points ({})",
                    i + 1,
                    signed(w.estimate * 100.0, 1),
                    mark(w),
                    interval(w, 1, true),
                    signed(s.estimate, 2),
                    // (Points of unlike totals, a match's against a game's: not starred.)
                    if unlike { " " } else { mark(s) },
                    interval(s, 2, false)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    if below_starred && !seat_starred {
        let _ = writeln!(
            out,
            "* the difference is significant: its 95% interval leaves out 0"
        );
    }
    let _ = writeln!(
        out,
        "(spreads, bonuses, discards, {}resources held{}: intervals as for independent runs, wider than paired ones)",
        if beyond.finishes.is_some() {
            "how games end, "
        } else {
            ""
        },
        if paired_places || places.len() < 2 {
            ""
        } else {
            " and places"
        }
    );
    chance_stars_text(out, r, &diffs, &beyond);
    for (label, t) in [("A", a), ("B", b)] {
        let _ = writeln!(out, "{label}: {}", name(usize::from(label == "B")));
        // As `simulate` prints a ruleset: its bots first, where there are bots.
        if !t.bots.is_empty() {
            bots_text(out, t);
        }
        tally_text(out, t, &seat_player(r), false);
    }
    domino_differences_text(out, a, b);
}

/// `compare --dominoes`: each domino of both rulesets (the same number and squares), the win
/// share of the side placing it under A and B and B - A with its interval (as for independent
/// runs), the biggest change first.
pub(super) fn domino_differences_text(out: &mut String, a: &Tally, b: &Tally) {
    let rows = stats::domino_differences(a, b);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "dominoes, the placing side's win share under A and B, B - A (95% intervals as for \
         independent runs; of {} differences about {:.1} are starred by chance alone), the \
         biggest change first:",
        rows.len(),
        rows.len() as f64 / 20.0
    );
    let mut table = vec![
        [
            "domino",
            "squares",
            "A wins",
            "B wins",
            "B - A",
            "95% interval",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for d in &rows {
        let diff = d.difference.scaled(100.0);
        table.push(vec![
            d.domino.clone(),
            d.squares.clone(),
            format!("{:.1}%", d.a * 100.0),
            format!("{:.1}%", d.b * 100.0),
            format!("{:+.1}%{}", signed(diff.estimate, 1), mark(&diff)),
            interval(&diff, 1, true),
        ]);
    }
    let widest = |i: usize, least: usize| widest(table.iter().map(|r| r[i].as_str()), least);
    let columns = [
        Column::right(widest(0, 6), "  "),
        Column::left(widest(1, 7), "  "),
        Column::right(6, "  "),
        Column::right(6, "  "),
        Column::right(7, "  "),
        Column::left(widest(5, 12), "  "),
    ];
    write_table(out, &columns, &table);
}

/// Of many differences each tested at 95%, about one in 20 is starred by chance alone when
/// nothing differs: how many were tested and starred, said where a star is among ten or more.
pub(super) fn chance_stars_text(
    out: &mut String,
    r: &Results,
    diffs: &[Difference],
    beyond: &Beyond,
) {
    let Some(a) = r.tallies.first() else {
        return;
    };
    let bots = stats::bot_differences(&r.paired_bots, a, r.games_played);
    // A side's seats once: teammates' rows are the same figures (in teams), not more tests.
    let first_of_side: Vec<bool> = (0..a.seats.len())
        .map(|p| {
            let side = a.seat_side.get(p);
            side.is_none() || a.seat_side[..p].iter().all(|s| Some(s) != side)
        })
        .collect();
    let by_side = |p: usize| first_of_side.get(p).copied().unwrap_or(true);
    // With two sides one's win is the other's loss: the second's win difference is the
    // first's, turned (and so with two bots, one a side).
    let two_sides = first_of_side.iter().filter(|&&f| f).count() == 2;
    let mut tested: Vec<Estimate> = Vec::new();
    for (k, d) in diffs
        .iter()
        .enumerate()
        .filter(|&(p, _)| by_side(p))
        .map(|(_, d)| d)
        .enumerate()
    {
        if !beyond.scores_unlike {
            tested.push(d.score);
        }
        if !(two_sides && k > 0) {
            tested.push(d.win_share);
        }
    }
    let mirrored_bots = two_sides && bots.len() == 2 && a.seats.len() == 2;
    for (k, (_, d)) in bots.iter().enumerate() {
        if !beyond.scores_unlike {
            tested.push(d.score);
        }
        if !(mirrored_bots && k > 0) {
            tested.push(d.win_share);
        }
    }
    tested.extend(
        beyond
            .spreads
            .iter()
            .enumerate()
            .filter(|&(p, _)| by_side(p))
            .filter_map(|(_, (_, e))| *e),
    );
    // A share that is the same under both because nothing happened (a bonus no game earned,
    // or every game did) cannot differ by chance: no test, though its interval is not of no
    // width (it says how rare the event may be).
    let b = r.tallies.get(1).unwrap_or(a);
    let never = |ca: u64, na: u64, cb: u64, nb: u64| (ca == 0 && cb == 0) || (ca == na && cb == nb);
    let earned = |t: &Tally, key: &str, p: usize| {
        t.bonuses
            .get(key)
            .and_then(|row| row.get(p))
            .copied()
            .unwrap_or(0)
    };
    let (ga, gb) = (a.games_of_matches(), b.games_of_matches());
    for (key, seats) in &beyond.bonuses {
        tested.extend(
            seats
                .iter()
                .enumerate()
                .filter(|&(p, _)| by_side(p))
                .filter(|&(p, _)| !never(earned(a, key, p), ga, earned(b, key, p), gb))
                .map(|(_, e)| *e),
        );
    }
    tested.push(beyond.discards);
    tested.extend(beyond.held.iter().map(|(_, e)| *e));
    if let (Some(f), Some(fa), Some(fb)) = (beyond.finishes, &a.finishes, &b.finishes) {
        if !beyond.scores_unlike {
            tested.push(f.margin);
        }
        let counts = |f: &crate::lab::tally::Finishes| {
            [f.tied_top, f.tied_top.saturating_sub(f.shared), f.shared]
        };
        for ((e, ca), cb) in [f.tied_top, f.by_tie_break, f.shared]
            .into_iter()
            .zip(counts(fa))
            .zip(counts(fb))
        {
            if !never(ca, a.games, cb, b.games) {
                tested.push(e);
            }
        }
    }
    let bot_earned = |t: &Tally, k: usize, key: &str| {
        t.bots
            .get(k)
            .and_then(|x| x.bonuses.as_ref())
            .and_then(|m| m.get(key))
            .copied()
            .unwrap_or(0)
    };
    let bot_games = |t: &Tally, k: usize| {
        t.bots.get(k).map_or(0, |x| {
            x.games.saturating_mul(u64::from(t.match_games.max(1)))
        })
    };
    for (key, bots) in &beyond.bot_bonuses {
        for (k, (_, e)) in bots.iter().enumerate() {
            let (ca, cb) = (bot_earned(a, k, key), bot_earned(b, k, key));
            if !never(ca, bot_games(a, k), cb, bot_games(b, k)) {
                tested.push(*e);
            }
        }
    }
    if beyond.places.len() > 1 {
        for (k, &(w, s)) in beyond.places.iter().enumerate() {
            if !beyond.scores_unlike {
                tested.push(s);
            }
            // With two sides, the second place's win is the first's, turned.
            if !(two_sides && k > 0) {
                tested.push(w);
            }
        }
    }
    // A figure that cannot differ by chance (an interval of no width: nothing varied, a bonus
    // no game earned, no discards) is no test.
    // Nor is one of a single game (no interval at all). Starred all the same where it is not 0
    // (`+1.00* (1.00 to 1.00)`): the count says so, beside the others.
    let exact = tested
        .iter()
        .filter(|e| e.has_interval() && e.high <= e.low && e.significant())
        .count();
    tested.retain(|e| e.has_interval() && e.high > e.low);
    let starred = tested.iter().filter(|e| e.significant()).count();
    if starred == 0 || tested.len() < 10 {
        return;
    }
    let teams = if first_of_side.iter().all(|&f| f) {
        ""
    } else {
        " (a team's seats counted once)"
    };
    let exact = match exact {
        0 => String::new(),
        1 => " (and 1 exact difference, the same in every game, which no chance makes)".into(),
        n => format!(" (and {n} exact differences, the same in every game, which no chance makes)"),
    };
    let _ = writeln!(
        out,
        "{starred} of the {} differences above{teams} {} starred{exact}; when nothing differs, \
         about 1 in 20 is starred by chance ({:.1} here): a star alone among many may be noise, \
         which another seed or more games tell",
        tested.len(),
        if starred == 1 { "is" } else { "are" },
        tested.len() as f64 / 20.0
    );
}

/// What `compare` says B changes beyond the seats' scores and wins, each worked out once for
/// the text, its footnotes and the count of stars.
pub(super) struct Beyond {
    /// B's runs are matches of another length than A's (a match against a game): the figures
    /// in points (the scores, their spreads, the winner's margin) are of unlike totals, said
    /// but neither tested nor starred.
    scores_unlike: bool,
    spreads: Vec<(f64, Option<Estimate>)>,
    bonuses: Vec<(String, Vec<Estimate>)>,
    bot_bonuses: Vec<(String, Vec<(String, Estimate)>)>,
    discards: Estimate,
    finishes: Option<stats::FinishDifferences>,
    held: Vec<(String, Estimate)>,
    places: Vec<(Estimate, Estimate)>,
    paired_places: bool,
}

impl Beyond {
    fn of(r: &Results, a: &Tally, b: &Tally) -> Beyond {
        let (places, paired_places) = place_differences(r, a, b);
        let scores_unlike = a.match_games != b.match_games;
        Beyond {
            scores_unlike,
            // Unlike totals: the difference said, with no interval to star.
            spreads: stats::spread_differences(a, b)
                .into_iter()
                .map(|(d, e)| (d, e.filter(|_| !scores_unlike)))
                .collect(),
            bonuses: stats::bonus_differences(a, b),
            bot_bonuses: stats::bot_bonus_differences(a, b),
            discards: stats::discard_difference(a, b),
            finishes: stats::finish_differences(a, b).filter(|_| !one_side(a) && !one_side(b)),
            held: stats::held_differences(a, b),
            places,
            paired_places,
        }
    }

    /// Every figure with an interval, in no particular order.
    fn all(&self) -> impl Iterator<Item = Estimate> + '_ {
        self.spreads
            .iter()
            .filter_map(|(_, e)| *e)
            .chain(
                self.bonuses
                    .iter()
                    .flat_map(|(_, seats)| seats.iter().copied()),
            )
            .chain(
                self.bot_bonuses
                    .iter()
                    .flat_map(|(_, bots)| bots.iter().map(|(_, e)| *e)),
            )
            .chain(std::iter::once(self.discards))
            .chain(
                self.finishes
                    .iter()
                    .flat_map(|f| f.all().into_iter().skip(usize::from(self.scores_unlike))),
            )
            .chain(self.held.iter().map(|(_, e)| *e))
            .chain(self.places.iter().flat_map(|&(w, s)| {
                // The points of unlike totals are no test (the wins are).
                [Some(w), (!self.scores_unlike).then_some(s)]
                    .into_iter()
                    .flatten()
            }))
    }
}

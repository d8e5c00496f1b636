//! The footer: the status line, the prompt, the keys bar, and the quit dialog's words.

use super::*;

pub(super) fn footer(app: &App, game: &Game, l: &Areas, buf: &mut Buffer) {
    let p = app.config.palette;
    let area = l.footer;
    let (no_log, cut) = (l.log.height < 3, detail_cut(app, game, l));
    let (prompt, message) = footer_text(app, game, area.width, no_log, cut);
    let columns = usize::from(area.width);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    // A prompt too long for its row, with nothing to say under it, goes on in the message's
    // row (at 66x20 a claim's `... Enter claims` had been cut off).
    if area.height >= 3 && line_width(&message) == 0 && text::width(&prompt) > columns {
        let mut rows: Vec<Line> = text::wrap(&prompt, columns)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, bold)))
            .collect();
        if rows.len() == 2 {
            rows.push(footer_bar(app).within(columns).line(p.accent(Accent::Dim)));
            Paragraph::new(rows).render(area, buf);
            return;
        }
    }
    // Cut after a word, with `…`, where the row is too narrow (`Tab, Ente`).
    let prompt =
        text::words_in(&prompt, columns).unwrap_or_else(|| text::take_width(&prompt, columns));
    let prompt = Line::from(Span::styled(prompt, bold));
    if area.height >= 3 && line_width(&message) > columns && app.overlay().is_none() {
        // A line too long for its row (a file's path, a refusal with a placement's score, a
        // step's choice with the news it would make) goes on over the keys' row while it is
        // said; the keys come back with a short one. (Not while a box asks or shows: its keys
        // are the ones that answer it, and the quit dialog's had been hidden so.)
        let rows = area.height - 1;
        let lines = wrap_line(&message, columns, usize::from(rows));
        Paragraph::new(prompt).render(Rect { height: 1, ..area }, buf);
        Paragraph::new(lines).render(
            Rect {
                y: area.y + 1,
                height: rows,
                ..area
            },
            buf,
        );
        return;
    }
    let keys = footer_bar(app)
        .within(usize::from(area.width))
        .line(p.accent(Accent::Dim));
    Paragraph::new(vec![prompt, message, keys]).render(area, buf);
}

/// Whether the footer's second row (the news, or the status of the choice under the cursor)
/// is wider than its row, and so takes the keys' row too (not while a box is open: its keys
/// stay).
pub(super) fn message_overflows(app: &App, game: &Game, l: &Areas) -> bool {
    let (no_log, cut) = (l.log.height < 3, detail_cut(app, game, l));
    l.footer.height >= 3
        && app.overlay().is_none()
        && line_width(&footer_text(app, game, l.footer.width, no_log, cut).1)
            > usize::from(l.footer.width)
}

/// Whether the step's list cuts the chosen choice's detail, or gives its row to the rivals (the
/// status line may say it).
pub(super) fn detail_cut(app: &App, game: &Game, l: &Areas) -> bool {
    let rivals_over = rivals_over_detail(app, game, l);
    l.choices
        .is_some_and(|r| choices::detail_cut(app, game, r, l.compact, rivals_over))
}

/// Whether the step's list gives the row of the chosen choice's detail to the rivals
/// ([`choices::rivals_over_detail`]).
pub(super) fn rivals_over_detail(app: &App, game: &Game, l: &Areas) -> bool {
    l.choices.is_some_and(|r| {
        choices::rivals_over_detail(
            app,
            game,
            r,
            l.compact,
            r.intersects(l.players),
            l.footer.width,
        )
    })
}

/// `line` cut into rows of `width` columns wherever a row ends, each character in its span's
/// style.
pub(super) fn fill_line(line: &Line, width: usize) -> Vec<Line<'static>> {
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in &line.spans {
        for c in span.content.chars() {
            let w = text::width(c.encode_utf8(&mut [0; 4]));
            if used + w > width && used > 0 {
                rows.push(Vec::new());
                used = 0;
            }
            if let Some(row) = rows.last_mut() {
                row.push(Span::styled(c.to_string(), span.style));
            }
            used += w;
        }
    }
    rows.into_iter().map(Line::from).collect()
}

/// The columns `line` takes.
pub(super) fn line_width(line: &Line) -> usize {
    line.spans.iter().map(|s| text::width(&s.content)).sum()
}

/// `line` wrapped at spaces into at most `rows` rows of `width` columns, each word in its
/// span's style (a word longer than a row cut into pieces); where it is longer still, the last
/// row ends after a word with `…`.
pub(super) fn wrap_line(line: &Line, width: usize, rows: usize) -> Vec<Line<'static>> {
    let width = width.max(2);
    let mut words: Vec<(String, Style)> = Vec::new();
    for span in &line.spans {
        for word in span.content.split(' ').filter(|w| !w.is_empty()) {
            let mut rest = word.to_string();
            while text::width(&rest) > width {
                let piece = text::take_width(&rest, width);
                if piece.is_empty() {
                    break;
                }
                rest.drain(..piece.len());
                words.push((piece, span.style));
            }
            if !rest.is_empty() {
                words.push((rest, span.style));
            }
        }
    }
    let mut out: Vec<Vec<(String, Style)>> = Vec::new();
    let mut used = 0;
    for (word, style) in words {
        let w = text::width(&word);
        match out.last_mut() {
            Some(row) if used + 1 + w <= width => {
                row.push((word, style));
                used += 1 + w;
            }
            _ => {
                out.push(vec![(word, style)]);
                used = w;
            }
        }
    }
    if out.len() > rows {
        // Longer than its rows at spaces (a long path): filled to the rows' ends, as the
        // terminal would print it.
        let fill = fill_line(line, width);
        if fill.len() <= rows {
            return fill;
        }
        out.truncate(rows.max(1));
        if let Some(last) = out.last_mut() {
            // Room for the `…` after the last word kept.
            let row_width =
                |r: &[(String, Style)]| r.iter().map(|(w, _)| text::width(w) + 1).sum::<usize>();
            while last.len() > 1 && row_width(last) > width {
                last.pop();
            }
            if let Some((word, _)) = last.last_mut() {
                if text::width(word) + 1 > width {
                    *word = text::take_width(word, width - 1);
                }
                let kept = word.trim_end_matches([',', ':', ';', '(']).to_string();
                *word = format!("{kept}…");
            }
        }
    }
    out.into_iter()
        .map(|row| {
            let mut spans = Vec::new();
            for (i, (word, style)) in row.into_iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" "));
                }
                spans.push(Span::styled(word, style));
            }
            Line::from(spans)
        })
        .collect()
}

/// The footer's first two rows: what the step asks (`prompt`) and the news or the status of the
/// choice under the cursor (`message`).
pub(super) fn footer_text(
    app: &App,
    game: &Game,
    width: u16,
    no_log: bool,
    detail_cut: bool,
) -> (String, Line<'static>) {
    let p = app.config.palette;
    let who = game
        .to_act()
        .map(|pl| app.name(pl.index()))
        .unwrap_or_default();
    let domino = game
        .domino_to_place()
        .map(|d| format!("{} ({})", game.label(d), lines::domino_words(game, d)))
        .unwrap_or_default();
    let prompt = match app.mode() {
        // The last domino no king took: no choice, said so (a newcomer looked for one).
        Mode::Claim if game.legal_action_count() == 1 => {
            let last = game
                .legal_actions()
                .first()
                .and_then(|&a| match a {
                    crownlands_core::Action::Claim { domino } => Some(game.label(domino)),
                    _ => None,
                })
                .unwrap_or_default();
            format!("{who}: {last} is the line's last domino, yours. Enter claims it.")
        }
        Mode::Claim => format!(
            "{who}: claim a domino of the {} line. ←→ or row 1-{} choose, Enter claim.",
            if matches!(game.phase(), Phase::FirstClaims { .. }) {
                "first"
            } else {
                "next"
            },
            game.next_line().len().max(1)
        ),
        Mode::Place if app.must_discard() => {
            format!("{who}: {domino} fits nowhere. Enter (or d) to discard it.")
        }
        // Shorter where the row is short (at 80 columns a domino of two crowned terrains had
        // cut the keys: `Arrows/hjkl, r rotate, Tab…`): the keys said shorter, then the domino
        // by its number alone (the Placing box shows it).
        Mode::Place => {
            let label = game
                .domino_to_place()
                .map(|d| game.label(d))
                .unwrap_or_default();
            let forms = [
                format!("{who}: place {domino}. Arrows/hjkl, r rotate, Tab, Enter."),
                format!("{who}: place {domino}. Arrows, r rotate, Tab, Enter."),
                format!("{who}: place {label}. Arrows/hjkl, r rotate, Tab, Enter."),
                format!("{who}: place {label}. Arrows, r rotate, Tab, Enter."),
            ];
            let fits = |f: &String| text::width(f) <= usize::from(width);
            // None fitting (a long name), the whole where the row under it is free to take
            // its end, else the shortest (cut, as little as may be).
            match forms.iter().find(|f| fits(f)) {
                Some(f) => f.clone(),
                None if app.message().is_empty() => forms[0].clone(),
                None => forms[3].clone(),
            }
        }
        Mode::Step => step_status(app, game, &who, width),
        Mode::BotThinking => {
            // Which of the turn's decisions (a Queendomino turn holds up to five).
            let about = match game.phase() {
                Phase::FirstClaims { .. } | Phase::Claim { .. } => " about its claim".to_string(),
                Phase::Place { .. } => " about its placement".to_string(),
                // Said as the other two are (`about its Tax step`; it read `(Tax)`).
                Phase::Step { .. } => {
                    format!(" about its {} step", crate::app::describe::step_title(game))
                }
                Phase::Over => String::new(),
            };
            format!(
                "{who} is thinking{about} (pace {:.1} s, +/- to change)...",
                app.config.pace.as_secs_f64()
            )
        }
        Mode::GameOver => "Game over. Enter: play again, q: quit.".into(),
        Mode::Replay => {
            let (at, all) = app.replay_moves().unwrap_or((0, 0));
            if app.watch_playing() {
                // (Short enough for 80 columns, the pace said: `+`/`-` change it as it plays.)
                format!(
                    "Watching: move {at} of {all}, playing on at {:.1} s a move (p pauses, +/-).",
                    app.config.pace.as_secs_f64()
                )
            } else if app.watching_this_game() {
                // A match's moves are counted over the match (`Move 29 of game 3` is said of
                // the mistake watched): said so, not "this game".
                let what = if app.session().is_some_and(|s| s.match_games() > 1) {
                    "the match"
                } else {
                    "this game"
                };
                format!("Watching {what}: move {at} of {all}. → next, ← back, p plays, q analysis.")
            } else if app.resumable().is_some() {
                // A game left unfinished may be played on: said, in 80 columns at 999 moves.
                format!(
                    "Unfinished: move {at} of {all}. → next, ← back, p plays, r resumes, q setup."
                )
            } else {
                format!(
                    "Watching a saved game: move {at} of {all}. → next, ← back, p plays, q back to setup."
                )
            }
        }
        Mode::Setup | Mode::Resume => String::new(),
    };
    let status = if app.mode() == Mode::Claim {
        let note = claim_order_note(app, game);
        if note.is_empty() {
            Line::from("")
        } else {
            Line::from(Span::styled(note, p.accent(Accent::Dim)))
        }
    } else if app.mode() == Mode::Place && !app.must_discard() {
        match app.illegal() {
            Some(why) => Line::from(Span::styled(
                format!("Not here: {why}."),
                p.accent(Accent::Warn),
            )),
            None => {
                let preview = app.preview().map_or_else(String::new, |(after, before)| {
                    format!(" Score here {}.", score_here(app, after, before))
                });
                Line::from(Span::styled(
                    format!("Legal spot: Enter to place.{preview}"),
                    p.accent(Accent::Focus),
                ))
            }
        }
    } else {
        // In a step: what the chosen choice costs and gives, and what it changes at once,
        // whatever the module, whole (the footer wraps it onto the keys' row where it is
        // longer than its row).
        // Its detail too where the list cuts it, if the footer's two rows hold it all.
        let terms = Some(choices::chosen_terms(app, game, true))
            .filter(|t| detail_cut && text::wrap(t, usize::from(width)).len() <= 2)
            .unwrap_or_else(|| choices::chosen_terms(app, game, false));
        if terms.is_empty() {
            Line::from("")
        } else {
            Line::from(Span::styled(terms, p.accent(Accent::Dim)))
        }
    };
    let message = if app.message().is_empty() {
        // The last move, past the lines of steps skipped with nothing to do, as the moves box
        // leaves them out (after a build, the Dragon's skipped step had been said in its place),
        // and past news (the Queen changing hosts, a domino left unclaimed, said after the
        // move where they fit: they had stood in the move's place).
        let last = app
            .last_move()
            .or_else(|| app.log().last().map(|l| vec![l]));
        match last {
            Some(last) if no_log => {
                // After the status, what room is left.
                let used: usize = status.spans.iter().map(|s| text::width(&s.content)).sum();
                let gap = if used > 0 { 2 } else { 0 };
                let room = usize::from(width).saturating_sub(used + gap);
                let mut spans = status.spans;
                if let Some(told) = last_said(&last, room) {
                    if gap > 0 {
                        spans.push(Span::raw("  "));
                    }
                    spans.push(Span::styled(told, p.accent(Accent::Dim)));
                }
                Line::from(spans)
            }
            _ => status,
        }
    } else if app.mode() == Mode::Place
        && !app.must_discard()
        && !(app.message().starts_with(crate::app::CANNOT_PLACE) && app.illegal().is_some())
    {
        // The message first (a hint's move, an undo): it is news, where the spot's verdict is
        // said again at each move of the ghost and loses its end when the line is too short.
        // (Enter on a spot refused says why in the message: the verdict is not said twice.)
        // Both on the row, the verdict whole or short; else both where the footer's two rows
        // hold them (the keys' row taken while they are said), the verdict whole or short;
        // else cut on one row, as below.
        let both = |verdict: Line<'static>| {
            let mut spans = vec![Span::raw(app.message().to_string()), Span::raw("  ")];
            spans.extend(verdict.spans);
            Line::from(spans)
        };
        let short_verdict =
            app.preview()
                .filter(|_| app.illegal().is_none())
                .map(|(after, before)| {
                    Line::from(Span::styled(
                        format!("Legal spot, score here {after} ({:+}).", after - before),
                        p.accent(Accent::Focus),
                    ))
                });
        // (A word on a key pressed keeps the keys in view: they are what it is about.)
        let most = if app.says_what_a_key_does() { 1 } else { 2 };
        let fits = |line: &Line, rows: usize| wrap_line(line, usize::from(width), 3).len() <= rows;
        let said: Vec<Line> = [Some(status.clone()), short_verdict]
            .into_iter()
            .flatten()
            .map(both)
            .collect();
        if let Some(line) = (1..=most).find_map(|rows| said.iter().find(|l| fits(l, rows))) {
            return (prompt, line.clone());
        }
        let mut spans = vec![Span::raw(app.message().to_string())];
        // The verdict after it, cut after a word (`…`) where the line is too short for both,
        // or left out (it is said again at the ghost's next move). A legal spot's score is
        // said short first (after an undo at 80 columns the score was what got cut).
        let room = usize::from(width).saturating_sub(text::width(app.message()) + 2);
        let whole: usize = status.spans.iter().map(|s| text::width(&s.content)).sum();
        let short = app
            .preview()
            .filter(|_| app.illegal().is_none() && whole > room)
            // (Short: the score alone, without the bonus it loses, which the whole verdict
            // says; with it, the short form no longer fit beside the news.)
            .map(|(after, before)| {
                format!("Legal spot, score here {after} ({:+}).", after - before)
            })
            .filter(|t| text::width(t) <= room);
        let status = match short {
            Some(t) => Line::from(Span::styled(t, p.accent(Accent::Focus))),
            None => status,
        };
        for span in status.spans {
            if let Some(told) = text::words_in(&span.content, room).filter(|t| t.contains(' ')) {
                // Cut, it ends at its last whole sentence where it has one (`Legal spot: Enter
                // to place.`, not `... Score here…`).
                let told = match (told.strip_suffix('…'), told.rfind(". ")) {
                    (Some(_), Some(end)) => told[..=end].to_string(),
                    _ => told,
                };
                spans.push(Span::raw("  "));
                spans.push(Span::styled(told, span.style));
            }
        }
        Line::from(spans)
    } else if let Some(row) = app
        .row_chosen_by_number()
        .filter(|_| app.mode() == Mode::Step && detail_cut)
        .and_then(|row| {
            let terms = choices::chosen_terms(app, game, true);
            [format!("Row {}; Enter does it.  {terms}", row + 1), terms]
                .into_iter()
                .find(|said| text::wrap(said, usize::from(width)).len() <= 2)
        })
    {
        // A row chosen by its number whose detail the list cuts: the row's words are in the
        // list, and its detail (what a burn or a build does) is said whole in their place, as
        // the arrows have it said (without the row's number where both do not fit).
        Line::from(row)
    } else if app.mode() == Mode::Step {
        // A step's message (`Square 1 of 2 ...`, a row's number), then what the chosen action
        // changes at once, as far as the row goes (it had given way to the message).
        // Whole (the footer wraps it onto the keys' row where it is longer than its row), but
        // after a word on a key pressed, cut after a word where the row ends: the keys stay.
        // After a word on something else (an undo, a key of no use here) it says whose it is:
        // `Row 2: Score then 13 (+2).`
        let preview = match choices::chosen_preview(app, game) {
            p if p.is_empty() || app.message_is_of_the_chosen_row() => p,
            p => format!("Row {}: {p}", app.chosen_row_number()),
        };
        let mut spans = vec![Span::raw(app.message().to_string())];
        let room = usize::from(width).saturating_sub(text::width(app.message()) + 2);
        let told = if app.says_what_a_key_does() {
            text::words_in(&preview, room)
        } else {
            Some(preview)
        };
        if let Some(told) = told.filter(|t| !t.is_empty()) {
            spans.push(Span::raw("  "));
            spans.push(Span::styled(told, p.accent(Accent::Dim)));
        }
        Line::from(spans)
    } else {
        Line::from(app.message().to_string())
    };
    (prompt, message)
}

/// While a box is open over the screen (help, the analysis, the moves), the keys line says what
/// the keys do there: the keys under it would only close the box.
pub fn popup_bar(app: &App) -> Option<Bar> {
    match app.overlay() {
        Some(Overlay::Help | Overlay::Analysis | Overlay::Moves) => {
            Some(Bar::new().text("↑↓ PgUp PgDn Home End scroll the box; other keys close it"))
        }
        // The quit question: the game's keys would only answer it (a playtester saw them
        // under the dialog).
        // Without the autosave, `s` saves the game first (the dialog says whether it is).
        Some(Overlay::ConfirmQuit) if offers_save(app) => Some(
            Bar::new()
                .key("y", Key::Char('y'))
                .text(" quit")
                .key("s", Key::Char('s'))
                .text(" save and quit; any other key stays"),
        ),
        Some(Overlay::ConfirmQuit) => Some(
            Bar::new()
                .key("y", Key::Char('y'))
                .text(" quit; any other key stays"),
        ),
        None => None,
    }
}

/// The words after `+/-` under the game; a click on them tells the bots' pace ([`Hit::Pace`]).
pub(super) const BOT_SPEED: &str = "bot speed";

/// The keys under the game, each clickable: the step's own, then those that work anytime.
pub fn footer_bar(app: &App) -> Bar {
    if let Some(bar) = popup_bar(app) {
        return bar;
    }
    let bar = match app.mode() {
        Mode::Place if app.must_discard() => Bar::new().key("d discard", Key::Char('d')),
        Mode::Place if app.may_discard_fitting() => Bar::new()
            .key("r rotate", Key::Char('r'))
            .key("Tab next spot", Key::Tab)
            .key("d discard", Key::Char('d')),
        Mode::Place => Bar::new()
            .key("r rotate", Key::Char('r'))
            .key("Tab next spot", Key::Tab),
        Mode::Step => Bar::new().key("p skip", Key::Char('p')),
        Mode::GameOver if app.watching_saved_scores() => {
            return Bar::new()
                .key("a analysis", Key::Char('a'))
                .key("? help", Key::Char('?'))
                .key("q setup", Key::Char('q'));
        }
        Mode::Replay => {
            let bar = Bar::new()
                .key("→ next", Key::Right)
                .key("← back", Key::Left)
                .key(
                    if app.watch_playing() {
                        "p pause"
                    } else {
                        "p play"
                    },
                    Key::Char('p'),
                );
            // A game left unfinished: played on from where it stopped.
            let bar = if app.resumable().is_some() {
                bar.key("r resume", Key::Char('r'))
            } else {
                bar
            };
            return bar
                .key("Tab +10", Key::Tab)
                .key("G end", Key::Char('G'))
                .key("? help", Key::Char('?'))
                .key(
                    if app.watching_this_game() {
                        "q analysis"
                    } else {
                        "q setup"
                    },
                    Key::Char('q'),
                );
        }
        _ => Bar::new(),
    };
    let bar = bar
        .key("? help", Key::Char('?'))
        .key("H hint", Key::Char('H'))
        .key("u undo", Key::Char('u'))
        .key("s save", Key::Char('s'))
        // Before the bots' pace: a narrow screen cuts the line's end, and quitting must show.
        .key("q quit", Key::Char('q'));
    // The bots' pace, where there are bots.
    let bots = app
        .seats()
        .iter()
        .any(|s| matches!(s.kind, crate::app::seats::SeatKind::Bot(_)));
    if bots {
        bar.key("+", Key::Char('+'))
            .text("/")
            .glued("-", Key::Char('-'))
            .text(" ")
            .text(BOT_SPEED)
    } else {
        bar
    }
}

/// The status line's `Last:` in `room` columns: the move (`last`'s first line) and as much of
/// its news (its other lines) as fits whole, with `(m: all moves)` where there is room; else
/// the move cut after a word (`…`), or nothing where not even its first words fit (`m` lists
/// the moves).
pub(super) fn last_said(last: &[&str], room: usize) -> Option<String> {
    let (mov, news) = last.split_first()?;
    let with = |k: usize| {
        std::iter::once(format!("Last: {mov}"))
            .chain(news[..k].iter().map(|n| n.to_string()))
            .collect::<Vec<_>>()
            .join(". ")
    };
    (0..=news.len())
        .rev()
        .flat_map(|k| [format!("{} (m: all moves)", with(k)), with(k)])
        .find(|t| text::width(t) <= room)
        .or_else(|| {
            // At least a word of the move after `Last:`.
            text::words_in(&with(0), room).filter(|t| room >= 16 && t.contains(' '))
        })
}

/// The footer's prompt in a module's step: who acts, what the step asks as far as `width`
/// allows ([`step_title`]), and its keys.
pub(super) fn step_status(app: &App, game: &Game, who: &str, width: u16) -> String {
    // The step opens on Skip, its last choice: a digit chooses a row, Enter does it.
    // Where a row holds a thing at several squares, ←→ choose its square.
    let keys = format!(
        ". ↑↓ or 1-{} choose,{} Enter do it, p skip.",
        app.step_entries().len(),
        if app.step_has_squares() {
            " ←→ square,"
        } else {
            ""
        },
    );
    let around = text::width(who) + 2 + keys.chars().count();
    let what = step_title(game, usize::from(width), around);
    prompt_line(who, &what, &keys)
}

/// `who: what. keys` (`keys` given with its leading full stop), the full stop left out after a
/// prompt ending in its own mark (`Consult the omens?`).
pub(super) fn prompt_line(who: &str, what: &str, keys: &str) -> String {
    let keys = match keys.strip_prefix('.') {
        Some(rest) if what.ends_with(['?', '!', ':', ';']) => rest,
        _ => keys,
    };
    format!("{who}: {what}{keys}")
}

/// Whether the footer's prompt, `width` wide, says the module's note (`Build (you have 4¢: not
/// enough for ...)`): the list of choices then leaves it out.
pub(super) fn status_says_note(app: &App, game: &Game, width: u16) -> bool {
    let Some(note) = game.step_view().and_then(|v| v.note) else {
        return false;
    };
    let who = game
        .to_act()
        .map(|pl| app.name(pl.index()))
        .unwrap_or_default();
    step_status(app, game, &who, width).contains(&note)
}

/// What the module step the game waits for asks, in the module's words (without the final
/// full stop, to go in a title or a sentence), in `room` characters less `around`: the whole
/// prompt where it fits, else the step's short title with the module's note where that fits
/// (`Build (you have 4¢: not enough for Small Tavern 5¢)`: why a tile is not in the list),
/// else the title alone (`Tax`).
pub fn step_title(game: &Game, room: usize, around: usize) -> String {
    let Some(view) = game.step_view() else {
        return "nothing to do in this step but go on".to_string();
    };
    let fits = |t: &str| text::width(t) + around <= room;
    let prompt = view.prompt.trim_end_matches('.');
    if fits(prompt) {
        return prompt.to_string();
    }
    match view.note {
        Some(note) if fits(&format!("{} ({note})", view.title)) => {
            format!("{} ({note})", view.title)
        }
        _ => view.title,
    }
}

/// Where the quit dialog goes: 44 columns, wider for a long note (a save's name), whose lines
/// wrap inside it, and at least as wide as its buttons.
pub(super) fn confirm_area(app: &App, area: Rect) -> Rect {
    let note = quit_note(app);
    let buttons = confirm_bar(app).line(Style::default()).width() + 2;
    let w = u16::try_from((text::width(&note) + 2).clamp(44, 72).max(buttons))
        .unwrap_or(44)
        .min(area.width);
    let lines = text::wrap(&note, usize::from(w.saturating_sub(2)))
        .len()
        .max(1);
    let h = (4 + u16::try_from(lines).unwrap_or(u16::MAX)).min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

pub(super) fn confirm_bar(app: &App) -> Bar {
    let bar = Bar::new().key("[ y: quit ]", Key::Char('y'));
    let bar = if offers_save(app) {
        bar.key("[ s: save, quit ]", Key::Char('s'))
    } else {
        bar
    };
    bar.key("[ n: stay ]", Key::Char('n'))
}

/// Whether quitting would lose the game as it stands (no autosave, not saved since its last
/// move): the quit dialog then offers `s` to save it first.
pub(super) fn offers_save(app: &App) -> bool {
    app.quit_offers_save()
}

/// The quit dialog's words for a game `how` (`Saved`, `Autosaved`) in `file` but for its last
/// `since` moves, and that `s` saves them where it can.
pub(super) fn not_the_last(how: &str, file: &str, since: usize, can_save: bool) -> String {
    let moves = crownlands_core::modules::describe::plural(
        i64::try_from(since).unwrap_or(i64::MAX),
        "move",
        "moves",
    );
    if can_save {
        let them = if since == 1 { "it" } else { "them" };
        format!("{how} in {file}, but not the last {moves}: s saves {them}.")
    } else {
        format!("{how} in {file}, but not the last {moves}.")
    }
}

/// What the quit dialog says of the game: autosaved, saved (and whether moves were played
/// since), or not saved.
pub(super) fn quit_note(app: &App) -> String {
    if app.config.autosave_dir.is_some() {
        return match app.stays_in_loaded() {
            // Loaded and not moved in: the autosave holds another game until the first move.
            Some(file) => {
                format!("The game stays in {file}, as loaded (autosaved from its next move).")
            }
            None => "The game is autosaved.".to_string(),
        };
    }
    // What the autosave wrote before it stopped, where that is later than a save by hand.
    let by_hand = app.saved_in();
    if let Some((file, since)) = app.autosaved_in()
        && by_hand.as_ref().is_none_or(|(_, hand)| since < *hand)
    {
        return match since {
            0 => format!("The game is autosaved in {file}."),
            _ => not_the_last("Autosaved", &file, since, app.can_save()),
        };
    }
    match by_hand {
        Some((file, 0)) => return format!("The game is saved in {file}."),
        Some((file, since)) if app.config.save_dir.is_some() => {
            return not_the_last("Saved", &file, since, app.can_save());
        }
        _ => {}
    }
    if let Some(file) = app.stays_in_loaded() {
        return format!("The game stays in {file}, as loaded.");
    }
    // (Not saved as it stands: `offers_save` holds where there is a folder to save in.)
    if app.can_save() && app.game().is_some() {
        "The game is not saved: s saves it.".to_string()
    } else if app.config.save_dir.is_some() && app.game().is_some() {
        "The game is not saved, and the saves folder cannot take a file: quitting loses it."
            .to_string()
    } else if app.game().is_some() {
        "The game is not saved (no data directory).".to_string()
    } else {
        String::new()
    }
}

pub(super) fn confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let r = confirm_area(app, area);
    // (As a popup is: no part of a panel's row left beside it, `squar` of `squares`.)
    help::clear_box(r, area, buf);
    let mut lines = vec![
        Line::from("Quit Crownlands?"),
        confirm_bar(app).line(app.config.palette.accent(Accent::Focus)),
    ];
    lines.extend(
        text::wrap(&quit_note(app), usize::from(r.width.saturating_sub(2)))
            .into_iter()
            .map(Line::from),
    );
    Paragraph::new(lines)
        .block(block(" Quit ", app))
        .render(r, buf);
}

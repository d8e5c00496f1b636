//! Actions in words, for the log, the prompts and the list of a step's choices.

use super::LOG_LEN;
use crownlands_core::matches::Match;
use crownlands_core::modules::describe::UnclaimedWatch;
use crownlands_core::{Action, Game};
use crownlands_saves::Session;
use std::collections::VecDeque;

/// What the modules say changed from `before` to `after` (one action apart) that the action's
/// words do not (the Queen changing hosts), each side named by its players (`name` naming a
/// seat; a team's joined with `&`), the verb after a plural side leading a sentence agreeing
/// (`You gain`: [`name_sides_agreeing`]). Nothing for a game without modules, at no cost.
///
/// [`name_sides_agreeing`]: crownlands_core::modules::describe::name_sides_agreeing
pub fn news(before: &Game, after: &Game, name: impl Fn(usize) -> String) -> Vec<String> {
    if after.modules().is_empty() {
        return Vec::new();
    }
    // Within a sentence the person at the keys is `you` (the log's `You` leads its own lines).
    let side_name = |side: crownlands_core::Side| {
        after
            .seats()
            .filter(|&p| after.side_of(p) == side)
            .map(|p| match name(p.index()) {
                n if n == "You" => "you".to_string(),
                n => n,
            })
            .collect::<Vec<_>>()
            .join(" & ")
    };
    after
        .news_since(before)
        .iter()
        .map(|n| {
            crownlands_core::modules::describe::name_sides_agreeing(n, after.sides(), side_name)
        })
        .collect()
}

/// What the log says under a move besides its own words, from `before` (the game before it, or
/// `None` without modules: nothing to ask them) and `watch` (taken before it) to `after`: the
/// modules' news ([`news`]), and the line's dominoes no king took, out as the round began.
pub fn told(
    before: Option<&Game>,
    watch: &UnclaimedWatch,
    after: &Game,
    name: impl Fn(usize) -> String,
) -> Vec<String> {
    let mut told = before.map_or_else(Vec::new, |b| news(b, after, name));
    told.extend(watch.words(after));
    told
}

pub use crownlands_core::modules::describe::action_words as describe;

/// A line of the log: a move, a note (`Game 2 of 3 begins.`), or what the move above it
/// changed besides (`told`: the Queen changing hosts, a line's dominoes left unclaimed), which
/// the moves box shows only with that move, as one entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogLine {
    pub text: String,
    /// News of the move on the line above it.
    pub told: bool,
    /// What a move changed besides, not a move (under its move, or on its own after going on
    /// from a step): the status line's `Last:` passes over it for the move.
    pub news: bool,
}

impl From<String> for LogLine {
    fn from(text: String) -> LogLine {
        LogLine {
            text,
            told: false,
            news: false,
        }
    }
}

/// The log: its lines, oldest first.
pub type Log = VecDeque<LogLine>;

/// Push `action`'s words (`text`) and what it changed besides (`told`) on `log`: a pass (going
/// on from a step) writes no line of its own, so its news stands alone, each line an entry.
pub fn push_move(log: &mut Log, action: Action, text: String, told: Vec<String>) {
    let moved = action != Action::Pass;
    if moved {
        log.push_back(text.into());
    }
    log.extend(told.into_iter().map(|text| LogLine {
        text,
        told: moved,
        news: true,
    }));
    while log.len() > LOG_LEN {
        log.pop_front();
    }
}

/// A step skipped because there was nothing to decide: its title ([`Module::title`]: `Tax`,
/// `Dragon`) and why, when its module says ([`Module::why_no_choice`]).
///
/// [`Module::title`]: crownlands_core::modules::Module::title
/// [`Module::why_no_choice`]: crownlands_core::modules::Module::why_no_choice
pub type Skipped = (String, Option<String>);

/// The step `game` waits in, as [`Skipped`] (the game before its pass is played).
pub fn skipped_step(game: &Game) -> Skipped {
    (step_title(game), game.step_view().and_then(|v| v.nothing))
}

/// The title of the step `game` waits in (`Tax`, `Build`).
pub fn step_title(game: &Game) -> String {
    let module = game.step_name().unwrap_or("step");
    game.modules()
        .iter()
        .find(|m| m.name() == module)
        .map_or_else(|| module.to_string(), |m| m.title())
}

/// The log's line for steps skipped in a row: `You: nothing to do in Tax or Dragon (skipped)`,
/// or with the modules' reasons `You: nothing to do in Dragon: the Queen's host may not bribe
/// the Dragon`.
pub fn skip_line(who: &str, steps: &[Skipped]) -> String {
    format!(
        "{who}: {}",
        crownlands_core::modules::describe::nothing_to_do(steps)
    )
}

/// Whether a line of the log is a [`skip_line`] (steps that went by with nothing to do): the
/// moves box of a small screen leaves these out, so the moves that changed something stay in
/// its few rows (`m` shows every line).
pub fn is_skip_line(line: &str) -> bool {
    line.split_once(": nothing to do in ")
        .is_some_and(|(who, _)| !who.contains(": "))
}

/// The log of the session's match so far (its last [`LOG_LEN`] lines), replayed from its
/// actions, `name` naming the players: what a resumed game shows, as live play logged it, the
/// match's earlier games included (each after its `Game k of n begins.`).
pub fn log_of(
    session: &Session,
    name: impl Fn(usize) -> String,
    human: impl Fn(usize) -> bool,
) -> Log {
    let mut log = Log::new();
    for (index, actions) in session.actions().iter().enumerate() {
        if index > 0 {
            log.push_back(
                format!("Game {} of {} begins.", index + 1, session.match_games()).into(),
            );
        }
        let seed = Match::game_seed(session.seed(), u8::try_from(index).unwrap_or(u8::MAX));
        let Ok(game) = Game::new(session.ruleset().clone(), session.game().players(), seed) else {
            break;
        };
        log_game(&mut log, game, actions, &name, &human);
    }
    log
}

/// One game's lines of the log: `actions` played from `game` as it was dealt.
fn log_game(
    log: &mut Log,
    mut game: Game,
    actions: &[Action],
    name: &impl Fn(usize) -> String,
    human: &impl Fn(usize) -> bool,
) {
    // A person's steps with nothing to decide, in a row, as play logs them (one line).
    let mut skipped: Option<(usize, Vec<Skipped>)> = None;
    for &action in actions {
        let Some(seat) = game.to_act() else {
            break;
        };
        let who = name(seat.index());
        let text = describe(&game, action, &who);
        let skip = (action == Action::Pass
            && human(seat.index())
            && matches!(game.phase(), crownlands_core::Phase::Step { .. })
            && game.legal_action_count() == 1)
            .then(|| skipped_step(&game));
        let before = (!game.modules().is_empty()).then(|| game.clone());
        let watch = UnclaimedWatch::before(&game);
        if game.apply(action).is_err() {
            break;
        }
        let told = told(before.as_ref(), &watch, &game, name);
        match skip {
            Some(title) => {
                match &mut skipped {
                    Some((p, titles)) if *p == seat.index() => titles.push(title),
                    _ => {
                        skipped = Some((seat.index(), vec![title]));
                        log.push_back(LogLine::default());
                    }
                }
                if let (Some((_, titles)), Some(last)) = (&skipped, log.back_mut()) {
                    last.text = skip_line(&who, titles);
                }
            }
            None => skipped = None,
        }
        push_move(log, action, text, told);
    }
}

#[cfg(test)]
mod tests {

    /// A resumed game's log says what live play said: a line's domino no king took, out as the
    /// round began (Royal Wedding at 3 players: four dominoes a line for three kings).
    #[test]
    fn a_resumed_log_says_the_dominoes_left_unclaimed() {
        use crownlands_saves::{Player, Session};
        let ruleset = std::sync::Arc::new(
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "royal-wedding")
                .expect("loads"),
        );
        let players = (1..=3)
            .map(|i| Player::new(i, format!("p{i}"), "random"))
            .collect();
        let mut session = Session::new(ruleset, players, 4).expect("set up");
        let mut rng = crownlands_core::rng::GameRng::seed_from(2);
        // The first claims and the first round's placements and claims: two rounds begun.
        for _ in 0..20 {
            let legal = session.game().legal_actions();
            let pick = legal[rng.below(legal.len() as u32) as usize];
            session.apply(pick).expect("legal");
        }
        let log = super::log_of(&session, |i| format!("p{}", i + 1), |_| false);
        let said = log
            .iter()
            .filter(|l| l.text.ends_with(" left unclaimed: discarded."))
            .count();
        assert!(said >= 1, "{log:?}");
    }

    use crownlands_core::modules::describe::move_words;
    use crownlands_core::{Game, Phase};
    use std::sync::Arc;

    #[test]
    fn a_move_in_words_names_no_player() {
        let ruleset =
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "queendomino")
                .expect("shipped");
        let mut game = Game::new(Arc::new(ruleset), 2, 3).expect("setup");
        let mut steps = 0;
        let mut state = 1u32;
        while !game.is_over() {
            let legal = game.legal_actions();
            for &a in &legal {
                let words = move_words(&game, a);
                assert!(!words.starts_with("You"), "{words}");
                assert!(!words.is_empty());
            }
            steps += usize::from(matches!(game.phase(), Phase::Step { .. }) && legal.len() > 1);
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let a = legal[(state >> 8) as usize % legal.len()];
            game.apply(a).expect("legal");
        }
        assert!(steps > 10, "{steps}");
    }
}

//! Actions in words, for the log, the prompts and the list of a step's choices.

use super::LOG_LEN;
use crownlands_core::matches::Match;
use crownlands_core::{Action, Game};
use crownlands_saves::Session;
use std::collections::VecDeque;

/// What the modules say changed from `before` to `after` (one action apart) that the action's
/// words do not (the Queen changing hosts), each side named by its players (`name` naming a
/// seat; a team's joined with `&`). Nothing for a game without modules, at no cost.
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
            second_person(&crownlands_core::modules::describe::name_sides(
                n,
                after.sides(),
                side_name,
            ))
        })
        .collect()
}

/// A module's news with `you` put for a side (`side 1 gains 2 favour`, `side 1's knights`) made
/// to agree: `you gain`, `your knights`, and `You` where it starts the line. Only the word right
/// after `you` is changed, and only a lowercase word in `s` (a verb, as a module's news puts
/// one after its subject): `is`, `has`, `was`, `does`, `goes` by their forms, others by their
/// ending (`pays`, `passes`, `watches`, `tries`).
fn second_person(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = find_you(rest) {
        out.push_str(&rest[..at]);
        let after = &rest[at + "you".len()..];
        if let Some(more) = after.strip_prefix("'s") {
            out.push_str("your");
            rest = more;
            continue;
        }
        out.push_str("you");
        rest = after;
        if let Some(next) = rest.strip_prefix(' ') {
            let end = next
                .find(|c: char| !c.is_ascii_lowercase())
                .unwrap_or(next.len());
            if let Some(verb) = base_form(&next[..end]) {
                out.push(' ');
                out.push_str(&verb);
                rest = &next[end..];
            }
        }
    }
    out.push_str(rest);
    // Leading the line: capitalised (`you`, or `your` from `you's`).
    match out.strip_prefix('y') {
        Some(tail) if find_you(&out) == Some(0) || out.starts_with("your ") => format!("Y{tail}"),
        _ => out,
    }
}

/// Where `you` stands as a word of its own in `text`.
fn find_you(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find("you").map(|i| i + from) {
        let before = text[..i].chars().next_back();
        let after = text[i + 3..].chars().next();
        let apart = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if apart(before) && apart(after) {
            return Some(i);
        }
        from = i + 3;
    }
    None
}

/// The form of a third person's verb after `you` (`gains` → `gain`), or `None` for a word that
/// is no such verb.
fn base_form(word: &str) -> Option<String> {
    let irregular = match word {
        "is" => Some("are"),
        "was" => Some("were"),
        "has" => Some("have"),
        "does" => Some("do"),
        "goes" => Some("go"),
        _ => None,
    };
    if let Some(form) = irregular {
        return Some(form.to_string());
    }
    if word.len() < 3 || !word.ends_with('s') || word.ends_with("ss") || word.ends_with("us") {
        return None;
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return Some(format!("{stem}y"));
    }
    for ending in ["sses", "shes", "ches", "xes", "zes"] {
        if word.ends_with(ending) {
            return Some(word[..word.len() - 2].to_string());
        }
    }
    Some(word[..word.len() - 1].to_string())
}

pub use crownlands_core::modules::describe::action_words as describe;

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
    if steps.iter().any(|(_, why)| why.is_some()) {
        let list: Vec<String> = steps
            .iter()
            .map(|(title, why)| match why {
                Some(why) => format!("{title}: {why}"),
                None => title.clone(),
            })
            .collect();
        return format!("{who}: nothing to do in {}", list.join("; "));
    }
    let titles: Vec<&str> = steps.iter().map(|(t, _)| t.as_str()).collect();
    let list = match titles[..] {
        [] => "this step".to_string(),
        [one] => one.to_string(),
        [ref rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    format!("{who}: nothing to do in {list} (skipped)")
}

/// Whether a line of the log is a [`skip_line`] (steps that went by with nothing to do): the
/// moves box of a small screen leaves these out, so the moves that changed something stay in
/// its few rows (`m` shows every line).
pub fn is_skip_line(line: &str) -> bool {
    line.split_once(": nothing to do in ")
        .is_some_and(|(who, _)| !who.contains(": "))
}

/// The log of the session's current game so far (its last [`LOG_LEN`] moves), replayed from its
/// actions, `name` naming the players: what a resumed game shows.
pub fn log_of(
    session: &Session,
    name: impl Fn(usize) -> String,
    human: impl Fn(usize) -> bool,
) -> VecDeque<String> {
    let mut log = VecDeque::new();
    let index = session.game_index();
    if index > 0 {
        log.push_back(format!(
            "Game {} of {} begins.",
            index + 1,
            session.match_games()
        ));
    }
    let seed = Match::game_seed(session.seed(), u8::try_from(index).unwrap_or(u8::MAX));
    let Ok(mut game) = Game::new(session.ruleset().clone(), session.game().players(), seed) else {
        return log;
    };
    // A person's steps with nothing to decide, in a row, as play logs them (one line).
    let mut skipped: Option<(usize, Vec<Skipped>)> = None;
    for &action in session.actions().last().map_or(&[][..], Vec::as_slice) {
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
        if game.apply(action).is_err() {
            break;
        }
        let told = before.map_or_else(Vec::new, |b| news(&b, &game, &name));
        match skip {
            Some(title) => {
                match &mut skipped {
                    Some((p, titles)) if *p == seat.index() => titles.push(title),
                    _ => {
                        skipped = Some((seat.index(), vec![title]));
                        log.push_back(String::new());
                    }
                }
                if let (Some((_, titles)), Some(last)) = (&skipped, log.back_mut()) {
                    *last = skip_line(&who, titles);
                }
            }
            None => skipped = None,
        }
        if action != Action::Pass {
            log.push_back(text);
        }
        log.extend(told);
        while log.len() > LOG_LEN {
            log.pop_front();
        }
    }
    log
}

#[cfg(test)]
mod tests {

    #[test]
    fn news_put_to_you_agrees() {
        use super::second_person;
        for (news, said) in [
            ("you gains 2 favour", "You gain 2 favour"),
            (
                "The omen passes to you (you has 3 coins)",
                "The omen passes to you (you have 3 coins)",
            ),
            (
                "you's knights tax twice; you pays 1¢",
                "Your knights tax twice; you pay 1¢",
            ),
            (
                "you watches, you tries, you is first",
                "You watch, you try, you are first",
            ),
            ("you & greedy 2 gain 2", "You & greedy 2 gain 2"),
            (
                "youth plays; the Queen goes to you",
                "youth plays; the Queen goes to you",
            ),
            ("you 3 coins, you bus", "You 3 coins, you bus"),
        ] {
            assert_eq!(second_person(news), said, "{news}");
        }
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

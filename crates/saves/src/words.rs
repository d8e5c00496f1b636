//! Actions, dominoes, phases, seats and results in words, for replays, messages and the
//! notation.

use crate::player::Player;
use crate::record::GameStatus;
use crownlands_core::{Action, DominoId, Game, Phase, Placement, Ruleset, Seat, Side, Square};

/// `wheat`, `forest (1 crown)`, `mine (3 crowns)`.
pub fn square_text(ruleset: &Ruleset, sq: Square) -> String {
    let name = ruleset
        .terrains()
        .get(sq.terrain.index())
        .map_or("?", |t| t.name.as_str());
    match sq.crowns {
        0 => name.to_string(),
        1 => format!("{name} (1 crown)"),
        n => format!("{name} ({n} crowns)"),
    }
}

/// `23 (wheat | forest (1 crown))`.
pub fn domino_text(ruleset: &Ruleset, id: DominoId) -> String {
    match ruleset.dominoes().get(id.index()) {
        Some(d) => format!(
            "{} ({} | {})",
            ruleset.domino_label(id),
            square_text(ruleset, d.first),
            square_text(ruleset, d.second)
        ),
        None => format!("#{}", id.0),
    }
}

/// What the game waits for, in words.
pub fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::FirstClaims { step } => format!("first claims, claim {}", step + 1),
        Phase::Place { slot } => format!("placing the domino of slot {}", slot + 1),
        Phase::Claim { slot } => format!("claiming for the king of slot {}", slot + 1),
        Phase::Step { slot, step } => {
            format!("module step {} of the king of slot {}", step + 1, slot + 1)
        }
        Phase::Over => "over".to_string(),
        #[allow(unreachable_patterns)]
        _ => format!("{phase:?}"),
    }
}

/// `seat 2 (Alice)`.
pub fn seat_text(players: &[Player], seat: Seat) -> String {
    match players.get(seat.index()) {
        Some(p) => format!("seat {} ({})", seat.index() + 1, p.name),
        None => format!("seat {}", seat.index() + 1),
    }
}

/// The seats that play for `side` (a kingdom): one seat, or a team's seats.
pub fn side_seats(game: &Game, side: Side) -> Vec<Seat> {
    game.seats().filter(|&p| game.side_of(p) == side).collect()
}

/// Whether `game` is played in teams (some kingdom has several seats).
pub fn is_team_game(game: &Game) -> bool {
    game.sides() < game.players()
}

/// Who plays for `side` (a kingdom, as scores and outcomes number them): `seat 2 (Alice)`, or in
/// team games `team 1 (seats 1+2: Alice, Bob)`, as `simulate` labels teams.
pub fn side_text(game: &Game, players: &[Player], side: Side) -> String {
    let seats = side_seats(game, side);
    if let ([seat], false) = (seats.as_slice(), is_team_game(game)) {
        return seat_text(players, *seat);
    }
    let numbers: Vec<String> = seats.iter().map(|p| (p.index() + 1).to_string()).collect();
    let names: Vec<&str> = seats
        .iter()
        .filter_map(|&p| players.get(p.index()).map(|pl| pl.name.as_str()))
        .collect();
    if names.len() == seats.len() && !names.is_empty() {
        format!(
            "team {} (seats {}: {})",
            side.index() + 1,
            numbers.join("+"),
            names.join(", ")
        )
    } else {
        format!("team {} (seats {})", side.index() + 1, numbers.join("+"))
    }
}

/// What `action` does in `before` (the game as it was just before it), in words: `claims 23
/// (wheat | forest (1 crown))`, `places 23 (...): wheat at (1, -1), forest at (2, -1)`, `plays
/// tax0: Tax wheat at 1,-1: 3 squares, +3¢` (a module's action, in the module's words).
pub fn action_text(before: &Game, action: Action) -> String {
    let ruleset = before.ruleset();
    match action {
        Action::Claim { domino } => format!("claims {}", domino_text(ruleset, domino)),
        Action::Place { placement } => match before
            .domino_to_place()
            .and_then(|id| ruleset.dominoes().get(id.index()).map(|d| (id, d)))
        {
            Some((id, d)) => format!(
                "places {}: {} at {}, {} at {}",
                domino_text(ruleset, id),
                square_text(ruleset, d.first),
                placement.first,
                square_text(ruleset, d.second),
                placement.second()
            ),
            None => format!("places a domino at {placement}"),
        },
        Action::Discard => match before.domino_to_place() {
            Some(id) if before.placements().is_empty() => {
                format!("discards {}: it fits nowhere", domino_text(ruleset, id))
            }
            // `discard = "any-time"`, a house rule: a domino that fits, given up.
            Some(id) => format!(
                "discards {}: given up though it fits (house rule)",
                domino_text(ruleset, id)
            ),
            None => "discards".to_string(),
        },
        // A step with nothing to choose, said as the terminal's log says it (`plays pass:
        // nothing to do in Build (skipped)`, or the module's reason).
        Action::Pass if before.legal_action_count() == 1 && before.step_name().is_some() => {
            let step = before.step_view().map(|v| (v.title, v.nothing));
            format!(
                "plays {}: {}",
                before.action_text(action),
                crownlands_core::modules::describe::nothing_to_do(step.as_slice())
            )
        }
        // A skip, with the step it skips (`plays pass: skip the Build step`).
        Action::Pass => format!(
            "plays {}: {}",
            before.action_text(action),
            crownlands_core::modules::describe::move_words(before, action)
        ),
        // A module's action: its text, then the module's own words for it, told as done
        // (`plays build2@1,0: Build Monument for 3¢ at 1,0`).
        other => match crownlands_core::modules::describe::describe_choice(before, other) {
            Some(c) => format!("plays {}: {}", before.action_text(other), c.told),
            None => format!("plays {}", before.action_text(other)),
        },
    }
}

/// A domino's label (`23`, `Q5`), or `#` and its index when the ruleset has no such domino.
pub fn domino_name(ruleset: &Ruleset, id: DominoId) -> String {
    match ruleset.dominoes().get(id.index()) {
        Some(_) => ruleset.domino_label(id),
        None => format!("#{}", id.0),
    }
}

/// The label of a domino, when no other domino of the ruleset has the same one.
pub(crate) fn unique_label(ruleset: &Ruleset, id: DominoId) -> Option<String> {
    ruleset.dominoes().get(id.index())?;
    let label = ruleset.domino_label(id);
    let clashes = (0..ruleset.dominoes().len())
        .filter(|&i| ruleset.domino_label(DominoId(i as u16)) == label)
        .count();
    (clashes == 1).then_some(label)
}

/// An action as the notation writes it, in the game as it is just before the action: the
/// action's text ([`Action`]'s `Display`, see [`crownlands_core::action_text`]), with the
/// dominoes named by their labels where the ruleset's labels are unique: `c23` (rather than
/// `c#22`), `23:1,-1e` (the domino placed, then where), `x23` (the domino discarded).
pub fn token(before: &Game, action: Action) -> String {
    let ruleset = before.ruleset();
    let to_place = || {
        before
            .domino_to_place()
            .and_then(|id| unique_label(ruleset, id))
    };
    let labelled = match action {
        Action::Claim { domino } => unique_label(ruleset, domino).map(|l| format!("c{l}")),
        // (`place_token` writes the placement alone where the label is not unique.)
        Action::Place { placement } => before
            .domino_to_place()
            .map(|id| place_token(ruleset, id, placement)),
        Action::Discard => to_place().map(|l| format!("x{l}")),
        _ => None,
    };
    labelled.unwrap_or_else(|| before.action_text(action))
}

/// Domino `id` placed at `placement`, as the notation writes the move ([`token`]'s placing
/// action: `18:1,-1n`, the domino's label first where the ruleset's labels are unique), for
/// what lists placements without a game in play (`crownlands placements`).
pub fn place_token(ruleset: &Ruleset, id: DominoId, placement: Placement) -> String {
    let text = Action::Place { placement }.to_string();
    match unique_label(ruleset, id) {
        Some(label) => format!("{label}:{text}"),
        None => text,
    }
}

/// Moves of one position in words (`claim 12`, `place 12 at 1,0→`, a module's step in its
/// own words), each as its [`token`] where its words are another move's of the list too (two
/// dominoes of one label: `claim K5` and `claim K5`), so that moves that differ read apart.
pub fn moves_apart(before: &Game, actions: &[Action]) -> Vec<String> {
    let words: Vec<String> = actions
        .iter()
        .map(|&a| crownlands_core::modules::describe::move_words(before, a))
        .collect();
    actions
        .iter()
        .zip(&words)
        .map(|(&a, w)| {
            let alike = actions.iter().zip(&words).any(|(&b, v)| v == w && b != a);
            if alike { token(before, a) } else { w.clone() }
        })
        .collect()
}

/// `action 17 (games[0].actions[16])`, or `game 2, action 5 (...)` in a match.
pub(crate) fn action_place(games: usize, game: usize, index: usize) -> String {
    let prefix = if games > 1 {
        format!("game {}, ", game + 1)
    } else {
        String::new()
    };
    format!(
        "{prefix}action {} (games[{game}].actions[{index}])",
        index + 1
    )
}

pub(crate) fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

pub(crate) fn seats_text(seats: &[usize]) -> String {
    match seats {
        [] => "no seat".to_string(),
        [one] => format!("seat {one}"),
        _ => format!("seats {}", join(seats)),
    }
}

/// Sides numbered from 1 as a player reads them: seats, or teams in team games.
pub(crate) fn sides_text(sides: &[usize], teams: bool) -> String {
    if !teams {
        return seats_text(sides);
    }
    match sides {
        [] => "no team".to_string(),
        [one] => format!("team {one}"),
        _ => format!("teams {}", join(sides)),
    }
}

pub(crate) fn describe_status(s: &GameStatus, teams: bool) -> String {
    match s {
        GameStatus::Finished {
            totals, winners, ..
        } => format!(
            "a finished game with scores {} and {} winning",
            join(totals),
            sides_text(winners, teams)
        ),
        GameStatus::Unfinished {
            phase,
            round,
            actions,
        } => format!(
            "an unfinished game after {actions} actions (round {round}, {})",
            phase_text(*phase)
        ),
    }
}

/// [`describe_status`] with the places and what decided first place too: for two statuses that
/// read the same in short.
pub(crate) fn describe_status_in_full(s: &GameStatus, teams: bool) -> String {
    match s {
        GameStatus::Finished {
            places, decided_by, ..
        } => format!(
            "{}, places {}, decided by {}",
            describe_status(s, teams),
            join(places),
            match decided_by {
                crownlands_core::Decider::Score => "the scores".to_string(),
                crownlands_core::Decider::TieBreak(t) => format!("the tie-break {t}"),
                crownlands_core::Decider::Shared => "nothing (a shared win)".to_string(),
            }
        ),
        GameStatus::Unfinished { .. } => describe_status(s, teams),
    }
}

#[cfg(test)]
mod tests {
    use super::phase_text;
    use crownlands_core::Phase;

    #[test]
    fn every_phase_is_said_in_words() {
        for phase in [
            Phase::FirstClaims { step: 0 },
            Phase::Place { slot: 1 },
            Phase::Claim { slot: 2 },
            Phase::Step { slot: 1, step: 0 },
            Phase::Over,
        ] {
            let text = phase_text(phase);
            assert!(!text.contains('{') && !text.contains("slot:"), "{text}");
        }
        assert_eq!(
            phase_text(Phase::Step { slot: 1, step: 1 }),
            "module step 2 of the king of slot 2"
        );
    }
}

/// The command's own name as it was run (`crownlands`, or a crate's own build of it with modules
/// of its own, `crownlands-orchards`, `my-house-rule`), for the front ends' messages that tell
/// what to type next (a library's own messages say `crownlands`); `crownlands` when the name
/// cannot be read or holds anything but letters, digits, `-`, `_` and `.`.
pub fn program_name() -> String {
    let arg = std::env::args_os().next();
    let name = arg
        .as_deref()
        .and_then(|p| std::path::Path::new(p).file_name())
        .and_then(|n| n.to_str());
    match name {
        Some(n) => program_name_of(n),
        None => "crownlands".to_string(),
    }
}

/// [`program_name`] of a file name (`crownlands-orchards.exe` is `crownlands-orchards`).
fn program_name_of(file: &str) -> String {
    let name = file.strip_suffix(".exe").unwrap_or(file);
    let plain = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if plain {
        name.to_string()
    } else {
        "crownlands".to_string()
    }
}

#[cfg(test)]
mod program_tests {
    use super::program_name_of;

    #[test]
    fn a_program_is_named_as_it_was_run() {
        assert_eq!(program_name_of("crownlands"), "crownlands");
        assert_eq!(program_name_of("my-house-rule"), "my-house-rule");
        assert_eq!(
            program_name_of("crownlands-orchards-0.2"),
            "crownlands-orchards-0.2"
        );
        assert_eq!(
            program_name_of("crownlands-orchards.exe"),
            "crownlands-orchards"
        );
        assert_eq!(program_name_of("evil\u{1b}[31m"), "crownlands");
        assert_eq!(program_name_of("two words"), "crownlands");
    }
}

#[cfg(test)]
mod apart_tests {
    use super::moves_apart;
    use crownlands_core::{Game, Registry};
    use std::sync::Arc;

    /// Every legal move of a position reads apart from the others, in words or (where two
    /// read alike) as tokens: random games of the shipped rulesets at their largest count.
    #[test]
    fn the_legal_moves_of_a_position_read_apart() {
        for name in ["queendomino", "royal-wedding-teams", "mighty-duel"] {
            let ruleset = Arc::new(crownlands_rules::load(Registry::shipped_ref(), name).unwrap());
            let n = ruleset.player_counts().last().map_or(2, |(n, _)| *n);
            for seed in 0..6u64 {
                let mut game = Game::new(ruleset.clone(), n, seed).unwrap();
                let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
                while !game.is_over() {
                    let legal = game.legal_actions();
                    let mut words = moves_apart(&game, &legal);
                    words.sort();
                    words.dedup();
                    assert_eq!(words.len(), legal.len(), "{name} {seed}: {words:?}");
                    game.play_random(|| rng.next_u32());
                }
            }
        }
    }
}

#[cfg(test)]
mod discard_tests {
    use super::action_text;
    use crownlands_core::{Action, Game, Registry};
    use std::sync::Arc;

    /// A domino given up where it fits (`discard = "any-time"`) is not said to fit nowhere;
    /// one that fits nowhere is.
    #[test]
    fn a_discard_says_whether_the_domino_fitted() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
        let path = dir.join("discard-any-time.toml");
        let text = std::fs::read_to_string(&path).expect("the guide's house rule");
        let ruleset = crownlands_rules::load_str(Registry::shipped_ref(), &text, &path)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut game = Game::new(Arc::new(ruleset), 4, 3).expect("setup");
        let mut rng = crownlands_core::rng::GameRng::seed_from(3);
        let mut fitted = 0;
        while !game.is_over() {
            if game.may_discard() {
                let said = action_text(&game, Action::Discard);
                if game.placements().is_empty() {
                    assert!(said.ends_with("it fits nowhere"), "{said}");
                } else {
                    assert!(
                        said.ends_with("given up though it fits (house rule)"),
                        "{said}"
                    );
                    fitted += 1;
                }
            }
            game.play_random(|| rng.next_u32());
        }
        assert!(fitted > 10, "{fitted}");
    }
}

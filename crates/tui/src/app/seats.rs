//! Who sits at the table: humans (hot-seat) and bots.

use crownlands_bots::Level;
use crownlands_saves::Player;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatKind {
    Human,
    Bot(Level),
}

/// A seat: a name to show and who plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub name: String,
    pub kind: SeatKind,
}

impl Seat {
    pub fn is_human(&self) -> bool {
        self.kind == SeatKind::Human
    }

    /// How a save file names the kind: `human` or the bot level.
    pub fn kind_text(&self) -> String {
        match &self.kind {
            SeatKind::Human => "human".into(),
            SeatKind::Bot(level) => level.to_string(),
        }
    }
}

/// The words that mean a human seat in `--players`.
const HUMAN_WORDS: &[&str] = &["you", "me", "human"];

/// Parse `you,mcts,greedy`: `you`, `me` or `human` is a human seat, anything else a bot level.
pub fn parse_players(text: &str) -> Result<Vec<SeatKind>, String> {
    // A count, as `simulate --players 4` takes: here each seat is named.
    if let Ok(n) = text.trim().parse::<u32>() {
        let example: Vec<&str> = std::iter::once("you")
            .chain(std::iter::repeat_n("greedy", n.clamp(2, 8) as usize - 1))
            .collect();
        return Err(format!(
            "`{n}`: play names who sits at each seat, not how many (`--players {}`)",
            example.join(",")
        ));
    }
    let mut out = Vec::new();
    for part in text.split(',') {
        let word = part.trim();
        if HUMAN_WORDS.contains(&word.to_ascii_lowercase().as_str()) {
            out.push(SeatKind::Human);
        } else if word.is_empty() {
            // The whole list named, as `--bots` names it.
            let e = crownlands_bots::level::LevelError::Empty(text.to_string());
            return Err(format!("{e} (or `you` for a human)"));
        } else {
            let level: Level = word
                .parse()
                .map_err(|e| format!("{e} (or `you` for a human)"))?;
            out.push(SeatKind::Bot(level));
        }
    }
    Ok(out)
}

/// Name the seats: a single human is "You", several are "Player N"; bots are named after their
/// level and seat ("greedy 2").
pub fn name_seats(kinds: &[SeatKind]) -> Vec<Seat> {
    let humans = kinds.iter().filter(|k| **k == SeatKind::Human).count();
    kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let name = match kind {
                SeatKind::Human if humans == 1 => "You".to_string(),
                SeatKind::Human => format!("Player {}", i + 1),
                SeatKind::Bot(level) => {
                    let l = level.to_string();
                    let short = l.split(':').next().unwrap_or("bot").to_string();
                    format!("{short} {}", i + 1)
                }
            };
            Seat {
                name,
                kind: kind.clone(),
            }
        })
        .collect()
}

/// Name the seats with the names typed on the setup screen (an empty one gets its default,
/// as [`name_seats`] gives it); a name met again gets its seat number, so names stay apart.
pub fn name_seats_with(kinds: &[SeatKind], names: &[String]) -> Vec<Seat> {
    let mut seats = name_seats(kinds);
    for (i, seat) in seats.iter_mut().enumerate() {
        if let Some(n) = names.get(i).map(|n| n.trim()).filter(|n| !n.is_empty()) {
            // Without what a save refuses to read back (controls, invisible characters), nor a
            // joiner left at the end where the length cap cut an emoji in two.
            seat.name = n
                .chars()
                .filter(|&c| !crownlands_core::text::is_unsafe_char(c))
                .collect::<String>()
                .trim_end_matches('\u{200d}')
                .to_string();
        }
    }
    for i in 1..seats.len() {
        let taken = seats[..i]
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case(&seats[i].name));
        if taken {
            seats[i].name = format!("{} {}", seats[i].name, i + 1);
        }
    }
    seats
}

/// Seats as a save file records them.
pub fn to_players(seats: &[Seat]) -> Vec<Player> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| Player::new(i as u32 + 1, s.name.clone(), s.kind_text()))
        .collect()
}

/// The threads a save's bot may use here: the machine's cores (at most 255).
fn loaded_threads() -> u8 {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    u8::try_from(cores).unwrap_or(u8::MAX)
}

/// Seats from a save file: `human` is a human, a bot level a bot, anything else (an unknown
/// bot) a human, so a loaded game is always playable.
///
/// A bot's level comes from the file, so it is [`Level::limited`]: it thinks at most
/// [`MAX_LOADED_WAIT`] a move, on at most the machine's cores.
pub fn from_players(players: &[Player]) -> Vec<Seat> {
    let threads = loaded_threads();
    players
        .iter()
        .map(|p| Seat {
            name: p.name.clone(),
            kind: if p.kind == "human" {
                SeatKind::Human
            } else {
                // A bot whose level this version does not read (out of range, from another
                // version) plays at the default level: its seat stays a bot.
                let level = p.kind.parse::<Level>().or_else(|_| "mcts".parse::<Level>());
                match level {
                    Ok(level) => SeatKind::Bot(level.limited(MAX_LOADED_WAIT, threads)),
                    Err(_) => SeatKind::Human,
                }
            },
        })
        .collect()
}

/// The seats of `players` whose bot level is not read (played at the default level), in
/// words for a message: `seat 1 (mcts:1000000000)`.
pub fn unread_levels(players: &[Player]) -> Vec<String> {
    seats_where(players, |p| {
        p.kind != "human" && p.kind.parse::<Level>().is_err()
    })
}

/// The seats of `players` that `pick` picks, in words for a message: `seat 2 (greedy)`.
fn seats_where(players: &[Player], pick: impl Fn(&Player) -> bool) -> Vec<String> {
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| pick(p))
        .map(|(i, p)| {
            format!(
                "seat {} ({})",
                i + 1,
                crownlands_core::text::excerpt(&p.kind)
            )
        })
        .collect()
}

/// The seats of `players` whose bot level asks for more than a save may (a wait past
/// [`MAX_LOADED_WAIT`] a move, or more threads than this machine's cores), in words for a
/// message: `seat 2 (mcts:3600000ms:threads=64)`. They play held to those bounds
/// ([`from_players`]); the player is told, lest a bot that answers in ten seconds be taken for
/// the level the save names.
pub fn held_levels(players: &[Player]) -> Vec<String> {
    let threads = loaded_threads();
    seats_where(players, |p| match p.kind.parse::<Level>() {
        Ok(level @ Level::Mcts(c)) if p.kind != "human" => {
            level.wait() > MAX_LOADED_WAIT || c.threads > threads
        }
        _ => false,
    })
}

/// What the seats of [`held_levels`] play at instead, in words: `at most 10 s a move, on at most
/// 2 threads`.
pub fn held_bounds() -> String {
    let threads = loaded_threads();
    format!(
        "at most {} s a move, on at most {threads} thread{}",
        MAX_LOADED_WAIT.as_secs(),
        if threads == 1 { "" } else { "s" }
    )
}

/// The longest a bot named by a save thinks about a move (ten times the default level's wait).
pub const MAX_LOADED_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_level_not_read_plays_at_the_default_level() {
        let players = vec![
            Player {
                seat: 1,
                name: "a".into(),
                kind: "mcts:1000000000".into(),
            },
            Player {
                seat: 2,
                name: "b".into(),
                kind: "human".into(),
            },
        ];
        let seats = from_players(&players);
        assert!(matches!(seats[0].kind, SeatKind::Bot(_)));
        assert!(seats[1].is_human());
        assert_eq!(unread_levels(&players), ["seat 1 (mcts:1000000000)"]);
    }

    #[test]
    fn parses_and_names() {
        let kinds = parse_players("you, greedy,mcts:200").unwrap();
        let seats = name_seats(&kinds);
        assert_eq!(seats[0].name, "You");
        assert_eq!(seats[1].name, "greedy 2");
        assert_eq!(seats[2].name, "mcts 3");
        assert!(parse_players("you,wizard").is_err());
        // A count, as simulate takes it, says how play names its seats.
        assert_eq!(
            parse_players("4"),
            Err("`4`: play names who sits at each seat, not how many (`--players you,greedy,greedy,greedy`)".to_string())
        );
        let two = name_seats(&parse_players("me,human").unwrap());
        assert_eq!(two[1].name, "Player 2");
        let back = from_players(&to_players(&seats));
        // The same seats as a save writes them (a loaded bot's level carries its cap).
        assert_eq!(to_players(&back), to_players(&seats));
    }

    #[test]
    fn a_saved_bot_asking_past_the_bounds_is_named() {
        let players = vec![
            Player::new(1, "a", "human"),
            Player::new(2, "b", "mcts:3600s:threads=64"),
            Player::new(3, "c", "mcts"),
            Player::new(4, "d", "mcts:2s"),
            Player::new(5, "e", "mcts:100000000"),
            Player::new(6, "f", "greedy"),
            Player::new(7, "g", "mcts:1000000000"),
        ];
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        assert_eq!(
            held_levels(&players),
            ["seat 2 (mcts:3600s:threads=64)", "seat 5 (mcts:100000000)"],
            "a level not read (seat 7) is said as such, not here"
        );
        let many = vec![Player::new(1, "a", "mcts:threads=64")];
        assert_eq!(held_levels(&many).len(), usize::from(cores < 64));
        assert!(held_bounds().starts_with("at most 10 s a move, on at most "));
    }

    #[test]
    fn a_saved_bot_thinks_no_longer_than_the_cap() {
        let players = to_players(&name_seats(
            &parse_players("you,mcts:100000000:threads=64,mcts:3600s").unwrap(),
        ));
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        for seat in &from_players(&players)[1..] {
            let SeatKind::Bot(Level::Mcts(c)) = &seat.kind else {
                panic!("{seat:?} is not an mcts bot");
            };
            assert_eq!(c.cap, Some(MAX_LOADED_WAIT));
            assert!(usize::from(c.threads) <= cores, "{}", c.threads);
        }
    }

    #[test]
    fn typed_names_win_and_stay_apart() {
        let kinds = parse_players("you,human,greedy").unwrap();
        let names = ["Anna".to_string(), "anna".to_string(), String::new()];
        let seats = name_seats_with(&kinds, &names);
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Anna", "anna 2", "greedy 3"]);
        // A joined emoji cut by the length cap leaves no joiner at the end.
        let names = ["abcdefghijklmn\u{1f468}\u{200d}".to_string()];
        let seats = name_seats_with(&kinds[..1], &names);
        assert_eq!(seats[0].name, "abcdefghijklmn\u{1f468}");
    }
}

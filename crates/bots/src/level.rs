//! The named levels users choose from: `random`, `greedy`, `mcts`, `mcts:PLAYOUTS`, `mcts:500ms`.

use crate::mcts::{Budget, DEFAULT_PLAYOUTS, MctsConfig, Rollout};
use crate::{Bot, GreedyBot, MctsBot, RandomBot};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The levels, as listed in error messages and help texts.
pub const LEVELS: &str = "random, greedy, mcts (under a second a decision), mcts:PLAYOUTS (e.g. mcts:5000), mcts:TIME (e.g. mcts:500ms, mcts:2s)";

/// The most playouts or milliseconds a level may ask for.
const MAX_PLAYOUTS: u32 = 100_000_000;
const MAX_MILLIS: u64 = 3_600_000;
/// The most threads one search may use.
const MAX_THREADS: u8 = 64;
/// The most `step=N` takes: playouts per root action at a module's step.
const MAX_STEP_PLAYOUTS: u32 = 100_000;

/// A bot level: what to build for a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    Random,
    Greedy,
    Mcts(MctsConfig),
}

/// A level name that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("unknown bot `{0}`{hint}; the levels are: {LEVELS}", hint = closest_level(.0))]
    Unknown(String),
    #[error(
        "bad budget in `{0}`: give a number of playouts (1 to {MAX_PLAYOUTS}) or a time in ms or s, such as 500ms or 2s (at most 3600s)"
    )]
    Budget(String),
    #[error(
        "bad setting `{0}` in `{1}`: settings are c=0..100, reward=win|margin|mixed|score, w=0..1 (the win's share of score or mixed), rollout=random|sampledN|greedyN, m=MARGIN (above 0, at most 10000), reuse=0|1, widen=0..100, threads=1..64, top=N, opp=tree|rollout, root=uct|halving, crown=-100..100 (points), deny=0..4, edge=0..10 (points), first=greedy|random, flat=ROUNDS, depth=ACTIONS, adapt=0|1, step=0..100000 (playouts per choice at a module's step, 0: no cap)"
    )]
    Setting(String, String),
    #[error("`{0}` is set twice in `{1}`: give each setting once")]
    Repeated(String, String),
    /// A blank entry of a list (`,greedy`, `greedy,,mcts`).
    #[error("a bot's name is missing{}; the levels are: {LEVELS}", in_list(.0))]
    Empty(String),
}

/// ` in `,greedy`` for a list with an empty entry, nothing for a blank name alone.
fn in_list(list: &str) -> String {
    if list.trim().is_empty() {
        String::new()
    } else {
        format!(" in `{list}` (an empty entry)")
    }
}

/// ` (did you mean `mcts`?)` for a misspelt level (`mtcs`, `mcts5000` keeps its budget out).
fn closest_level(text: &str) -> String {
    let name = text.split(':').next().unwrap_or(text);
    crownlands_core::text::closest(name, &["random", "greedy", "mcts"])
        .filter(|c| *c != name)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

impl Level {
    /// Build a bot of this level whose choices come from `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            Level::Random => Box::new(RandomBot::new(seed)),
            Level::Greedy => Box::new(GreedyBot::new(seed)),
            Level::Mcts(c) => Box::new(MctsBot::new(*c, seed, self.to_string())),
        }
    }
}

impl Level {
    /// This level for a front end where a person waits: searching on `cores` threads at once
    /// (root parallelism; the same budget per thread, so the wait does not grow while the search
    /// does; a level that names its threads keeps them), and never longer than [`Level::wait`]
    /// a move, whatever the machine's load: the search stops [`WAIT_MARGIN`] before it, for the
    /// rest of the move to land within it. The levels that do not search are unchanged.
    pub fn on_cores(self, cores: usize) -> Level {
        match self {
            Level::Mcts(mut c) => {
                if c.threads == 1 {
                    c.threads = u8::try_from(cores.clamp(1, usize::from(MAX_THREADS))).unwrap_or(1);
                }
                let wait = Level::Mcts(c).wait();
                let cap = c.cap.map_or(wait, |cap| cap.min(wait));
                c.cap = Some(cap.saturating_sub(WAIT_MARGIN));
                Level::Mcts(c)
            }
            other => other,
        }
    }

    /// This level as a file may ask for it (a save's seat): at most `threads` threads and a
    /// person's wait capped at `wait`, whatever playouts or time it names. A save comes from
    /// someone else, who should not choose an hour a move on sixty-four threads for you.
    pub fn limited(self, wait: Duration, threads: u8) -> Level {
        match self {
            Level::Mcts(mut c) => {
                c.threads = c.threads.clamp(1, threads.max(1));
                c.cap = Some(c.cap.map_or(wait, |cap| cap.min(wait)));
                Level::Mcts(c)
            }
            other => other,
        }
    }

    /// The longest a person waits for a move of this level: a time budget is its own bound; a
    /// number of playouts set gets [`WAIT_PER_DEFAULT`] per [`DEFAULT_PLAYOUTS`] (at least
    /// that); the default level (its budget from the table) gets [`WAIT_PER_DEFAULT`], so it
    /// answers within a second however loaded the machine.
    /// Zero for the levels that do not search.
    pub fn wait(&self) -> Duration {
        match self {
            Level::Mcts(c) => match c.budget {
                None => WAIT_PER_DEFAULT,
                Some(Budget::Time(t)) => t,
                Some(Budget::Playouts(n)) => {
                    WAIT_PER_DEFAULT.mul_f64((f64::from(n) / f64::from(DEFAULT_PLAYOUTS)).max(1.0))
                }
            },
            Level::Random | Level::Greedy => Duration::ZERO,
        }
    }
}

/// The wait of the default level: the most a person waits for its move ([`Level::wait`]).
pub const WAIT_PER_DEFAULT: Duration = Duration::from_secs(1);

/// How long before a person's wait is over the search stops ([`Level::on_cores`]): the move
/// chosen from the tree, the threads joined, the move played and the terminal's next look at
/// the bots (every 40 ms) take the rest (a playtest timed the default's moves in `play` at up
/// to 1.12 s a move, the search stopping at the second itself).
pub const WAIT_MARGIN: Duration = Duration::from_millis(60);

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => write!(f, "random"),
            Level::Greedy => write!(f, "greedy"),
            Level::Mcts(c) => {
                let d = MctsConfig::default();
                match c.budget {
                    None => write!(f, "mcts")?,
                    Some(Budget::Playouts(n)) => write!(f, "mcts:{n}")?,
                    Some(Budget::Time(t)) => write!(f, "mcts:{}ms", t.as_millis())?,
                }
                if c.exploration != d.exploration {
                    write!(f, ":c={}", c.exploration)?;
                }
                if c.reward != d.reward {
                    write!(f, ":reward={}", c.reward)?;
                }
                if let Some(w) = c.win_weight {
                    write!(f, ":w={w}")?;
                }
                if c.margin_scale != d.margin_scale {
                    write!(f, ":m={}", c.margin_scale)?;
                }
                if c.reuse != d.reuse {
                    write!(f, ":reuse={}", u8::from(c.reuse))?;
                }
                if c.widen != d.widen {
                    write!(f, ":widen={}", c.widen)?;
                }
                if c.crown != d.crown {
                    write!(f, ":crown={}", c.crown)?;
                }
                if c.deny != d.deny {
                    write!(f, ":deny={}", c.deny)?;
                }
                if c.edge != d.edge {
                    write!(f, ":edge={}", c.edge)?;
                }
                if c.greedy_first != d.greedy_first {
                    write!(
                        f,
                        ":first={}",
                        if c.greedy_first { "greedy" } else { "random" }
                    )?;
                }
                if c.flat != d.flat {
                    write!(f, ":flat={}", c.flat)?;
                }
                if let Some(depth) = c.depth {
                    write!(f, ":depth={depth}")?;
                }
                if c.top != d.top {
                    write!(f, ":top={}", c.top)?;
                }
                if c.adapt != d.adapt {
                    write!(f, ":adapt={}", u8::from(c.adapt))?;
                }
                if c.step != d.step {
                    write!(f, ":step={}", c.step)?;
                }
                if c.threads != d.threads {
                    write!(f, ":threads={}", c.threads)?;
                }
                if c.root != d.root {
                    write!(f, ":root={}", c.root)?;
                }
                if c.opponents != d.opponents {
                    write!(f, ":opp={}", c.opponents)?;
                }
                if c.rollout != d.rollout {
                    match c.rollout {
                        Rollout::Random => write!(f, ":rollout=random")?,
                        Rollout::Sampled(k) => write!(f, ":rollout=sampled{k}")?,
                        Rollout::Greedy(n) => write!(f, ":rollout=greedy{n}")?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// `random`, `greedy`, `mcts`, `mcts:5000`, `mcts:500ms`, `mcts:2s`; the search's settings may
    /// follow (`mcts:5000:c=0.5:reward=margin:rollout=sampled3`) for experiments.
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let text = s.trim();
        if text.is_empty() {
            return Err(LevelError::Empty(String::new()));
        }
        let mut parts = text.split(':');
        let head = parts.next().unwrap_or("").to_ascii_lowercase();
        match head.as_str() {
            "random" | "greedy" if text.contains(':') => Err(LevelError::Unknown(text.into())),
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            "mcts" => {
                let mut config = MctsConfig::default();
                let mut seen: Vec<&str> = Vec::new();
                for (i, part) in parts.enumerate() {
                    let part = part.trim();
                    if i == 0 && !part.contains('=') {
                        config.budget = Some(
                            parse_budget(part).ok_or_else(|| LevelError::Budget(text.into()))?,
                        );
                        continue;
                    }
                    let bad = || LevelError::Setting(part.into(), text.into());
                    let (key, value) = part.split_once('=').ok_or_else(bad)?;
                    // Set twice, one of them would be silently lost.
                    if seen.contains(&key) {
                        return Err(LevelError::Repeated(key.into(), text.into()));
                    }
                    seen.push(key);
                    // A finite number that `ok` accepts.
                    let number = |ok: fn(f64) -> bool| {
                        value
                            .parse::<f64>()
                            .ok()
                            .filter(|x| x.is_finite() && ok(*x))
                            .ok_or_else(bad)
                    };
                    match key {
                        "c" => config.exploration = number(|c| (0.0..=100.0).contains(&c))?,
                        "reward" => config.reward = value.parse().map_err(|_| bad())?,
                        "rollout" => {
                            config.rollout = match value {
                                "random" => Rollout::Random,
                                v => match (
                                    v.strip_prefix("sampled").map(str::parse::<u8>),
                                    v.strip_prefix("greedy").map(str::parse::<u8>),
                                ) {
                                    (Some(Ok(k)), _) if k > 0 => Rollout::Sampled(k),
                                    (_, Some(Ok(n))) => Rollout::Greedy(n),
                                    _ => return Err(bad()),
                                },
                            }
                        }
                        "m" => config.margin_scale = number(|m| m > 0.0 && m <= 10_000.0)?,
                        "w" => config.win_weight = Some(number(|w| (0.0..=1.0).contains(&w))?),
                        "reuse" => {
                            config.reuse =
                                one_of(value, &[("0", false), ("1", true)]).ok_or_else(bad)?
                        }
                        "widen" => config.widen = number(|w| (0.0..=100.0).contains(&w))?,
                        "adapt" => {
                            config.adapt =
                                one_of(value, &[("0", false), ("1", true)]).ok_or_else(bad)?
                        }
                        "threads" => {
                            config.threads = value
                                .parse::<u8>()
                                .ok()
                                .filter(|t| (1..=MAX_THREADS).contains(t))
                                .ok_or_else(bad)?
                        }
                        "crown" => config.crown = number(|x| (-100.0..=100.0).contains(&x))?,
                        "edge" => config.edge = number(|x| (0.0..=10.0).contains(&x))?,
                        "deny" => config.deny = number(|x| (0.0..=4.0).contains(&x))?,
                        "top" => config.top = value.parse::<u16>().map_err(|_| bad())?,
                        "flat" => config.flat = value.parse::<u8>().map_err(|_| bad())?,
                        "step" => {
                            config.step = value
                                .parse::<u32>()
                                .ok()
                                .filter(|n| *n <= MAX_STEP_PLAYOUTS)
                                .ok_or_else(bad)?
                        }
                        "depth" => config.depth = Some(value.parse::<u8>().map_err(|_| bad())?),
                        "first" => {
                            config.greedy_first =
                                one_of(value, &[("greedy", true), ("random", false)])
                                    .ok_or_else(bad)?
                        }
                        "root" => config.root = value.parse().map_err(|_| bad())?,
                        "opp" => config.opponents = value.parse().map_err(|_| bad())?,
                        _ => return Err(bad()),
                    }
                }
                Ok(Level::Mcts(config))
            }
            _ => Err(LevelError::Unknown(text.into())),
        }
    }
}

/// The value named `value` among `options` (`("win", Reward::Win)`, ...).
fn one_of<T: Copy>(value: &str, options: &[(&str, T)]) -> Option<T> {
    options
        .iter()
        .find(|(name, _)| *name == value)
        .map(|&(_, v)| v)
}

fn parse_budget(s: &str) -> Option<Budget> {
    let s = s.trim().to_ascii_lowercase();
    let millis = if let Some(ms) = s.strip_suffix("ms") {
        Some(ms.trim().parse::<u64>().ok()?)
    } else if let Some(secs) = s.strip_suffix('s') {
        let secs: f64 = secs.trim().parse().ok()?;
        (secs.is_finite() && secs > 0.0).then_some((secs * 1000.0).round() as u64)
    } else {
        None
    };
    match millis {
        Some(ms) if (1..=MAX_MILLIS).contains(&ms) => Some(Budget::Time(Duration::from_millis(ms))),
        Some(_) => None,
        None => {
            let n: u32 = s.parse().ok()?;
            (1..=MAX_PLAYOUTS)
                .contains(&n)
                .then_some(Budget::Playouts(n))
        }
    }
}

/// Parse a comma-separated list of levels (`mcts,greedy,greedy,greedy`).
pub fn parse_list(s: &str) -> Result<Vec<Level>, LevelError> {
    s.split(',')
        .map(|entry| {
            if entry.trim().is_empty() {
                Err(LevelError::Empty(s.into()))
            } else {
                entry.parse()
            }
        })
        .collect()
}

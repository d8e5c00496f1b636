//! The command line, as clap sees it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "crownlands",
    version,
    about = "Kingdomino-family games from TOML rulesets",
    long_about = "Crownlands plays Kingdomino and its variants from TOML rulesets.\n\
                  Wherever a command takes a RULESET, give a shipped ruleset's name \
                  (see `crownlands rulesets`) or the path to a ruleset file. A shipped name \
                  is always the shipped ruleset, even beside a file of that name (write \
                  ./NAME for the file)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal, against bots or friends (first offers to resume an unfinished
    /// autosaved game; without --players: a setup screen).
    // The two ways to start, said in every usage line (clap's own, after a conflict, named
    // only the arguments of one side of it).
    #[command(
        override_usage = "crownlands play [RULESET] [--players LIST] [--seed N] [--pace MS] [--no-autosave]\n       crownlands play --load SAVE [--pace MS] [--no-autosave]"
    )]
    Play {
        /// A shipped ruleset's name or a ruleset file: chosen on the setup screen, or played at
        /// once with --players (default: kingdomino).
        ruleset: Option<String>,
        /// Who plays each seat, comma-separated: `you` (a human; several for hot-seat) or a bot
        /// level (random, greedy, mcts, mcts:PLAYOUTS, mcts:500ms). Starts the game at once
        /// (default: chosen on the setup screen).
        #[arg(long, short)]
        players: Option<String>,
        /// Seed of the game (default: from the clock).
        #[arg(long, short, allow_negative_numbers = true, value_parser = parse_seed)]
        seed: Option<u64>,
        /// Resume a saved game.
        #[arg(long, conflicts_with_all = ["ruleset", "players", "seed"])]
        load: Option<PathBuf>,
        /// Least time a bot's move takes on screen, in milliseconds, 0 to 3000 (default: the
        /// pace last set with +/- in play, else 600).
        #[arg(long, allow_negative_numbers = true, value_parser = parse_whole::<u64>)]
        pace: Option<u64>,
        /// Do not autosave after every move.
        #[arg(long)]
        no_autosave: bool,
    },
    /// List the shipped rulesets and component sets with a one-line description each.
    Rulesets,
    /// Check ruleset and component set files; exit 0 when all are valid, 1 otherwise. Warnings
    /// (rules that can never work) are shown but pass.
    Validate {
        /// Ruleset or component set files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Treat warnings as errors (exit 1).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Score kingdoms written as text (see docs/rulesets.md, Kingdom files); with several, the
    /// standings under the ruleset's tie-breaks.
    Score {
        /// Kingdom files: one row per line, `.` empty, `C` the castle, `F2` a forest with 2 crowns
        /// (at most 64).
        #[arg(required = true)]
        kingdoms: Vec<PathBuf>,
        /// Ruleset deciding terrains, grid size and bonuses.
        #[arg(long, short, default_value = "kingdomino")]
        ruleset: String,
        /// The player count of the files' table, whose rules score them (the files may be some
        /// of its kingdoms); default: the table of as many kingdoms as there are files, for
        /// one file the ruleset's smallest count.
        #[arg(long, short, allow_negative_numbers = true, value_parser = parse_whole::<u64>)]
        players: Option<u64>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List every legal placement of one domino in a kingdom, and whether it may or must be
    /// discarded.
    Placements {
        /// The kingdom file.
        kingdom: PathBuf,
        /// The number of the domino (as printed on its back); with several boxes its box's
        /// initial and number (K12, Q40)
        #[arg(long, short, allow_negative_numbers = true)]
        domino: String,
        /// Ruleset deciding terrains, grid size and the dominoes.
        #[arg(long, short, default_value = "kingdomino")]
        ruleset: String,
        /// Use the rules for this player count (default: the ruleset's smallest).
        #[arg(long, short, allow_negative_numbers = true, value_parser = parse_whole::<u64>)]
        players: Option<u64>,
        /// Print the placements as one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// Play many complete games, between random players or bots, on every core, and report
    /// the statistics per seat (and per bot, per team) with 95% intervals.
    // The usage said whole: an error's usage otherwise lists the options typed (and the one
    // it suggests) as if each were required.
    #[command(
        override_usage = "crownlands simulate [OPTIONS] <RULESET> [--players <N>] [--bots <LIST>]"
    )]
    Simulate {
        /// A shipped ruleset's name or a ruleset file.
        ruleset: String,
        #[command(flatten)]
        lab: LabArgs,
        /// Write every simulated game (or match) as a save file into this directory, to replay
        /// any of them with `crownlands replay`.
        #[arg(long, value_name = "DIR")]
        save: Option<PathBuf>,
        /// Also count each domino: how often it was placed and discarded, and how the side that
        /// placed it fared (its win share and mean score), strongest first (single games only).
        #[arg(long)]
        dominoes: bool,
    },
    /// Play two rulesets on the same seeds and report the difference B - A per seat, with
    /// paired 95% intervals (does a house rule change who wins?).
    #[command(
        override_usage = "crownlands compare [OPTIONS] <A> <B> [--players <N>] [--bots <LIST>]"
    )]
    Compare {
        /// The ruleset compared against (A).
        a: String,
        /// The ruleset compared (B).
        b: String,
        #[command(flatten)]
        lab: LabArgs,
        /// Also count each domino: the placing side's win share under A and B and its change,
        /// for the dominoes both rulesets have (single games only).
        #[arg(long)]
        dominoes: bool,
    },
    /// Play one ruleset with each value of one of its rules, on the same seeds, a row a value:
    /// the mean score, the win share by the place in the first claims, ties at the top (which
    /// number makes a house rule fair?).
    #[command(
        override_usage = "crownlands sweep [OPTIONS] <RULESET> --set <KEY=V1,V2,...> [--players <N>] [--bots <LIST>]"
    )]
    Sweep {
        /// A shipped ruleset's name or a ruleset file.
        ruleset: String,
        /// A key under [rules], dotted into its tables, and its values, comma-separated:
        /// `harmony.points=0,5,10`, `module.claim-order.points=[0,0,0,0],[0,1,2,3]`.
        #[arg(long, value_name = "KEY=V1,V2,...")]
        set: String,
        #[command(flatten)]
        run: RunArgs,
        /// Print the figures as one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// Add up the part files written by `simulate --shard` or `compare --shard` (every shard of
    /// one run, once): the same report one process would have printed.
    Merge {
        /// The part files, in any order.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Print the merged statistics as one JSON document.
        #[arg(long)]
        json: bool,
        /// Also write the HTML report here.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
        /// Replace the `--report` file if it exists (only a report Crownlands wrote).
        #[arg(long, requires = "report")]
        force: bool,
    },
    /// Print the fully resolved ruleset (after `extends` and player-count overrides) as TOML.
    Show {
        /// A shipped ruleset's name or a ruleset file.
        ruleset: String,
        /// Resolve for this player count only.
        #[arg(long, short, allow_negative_numbers = true, value_parser = parse_whole::<u64>)]
        players: Option<u64>,
    },
    /// Print the JSON Schema of the ruleset or component set format, for editors.
    Schema {
        #[arg(value_enum, default_value_t = SchemaKind::Ruleset)]
        kind: SchemaKind,
    },
    /// Replay a saved game move by move, with the kingdoms and the final breakdown; exit 1 when
    /// the save does not replay to the result it records.
    Replay {
        /// The save file (JSON).
        save: PathBuf,
        /// Wait for Enter after every move (when standard input is a terminal); q then Enter stops.
        #[arg(long)]
        step: bool,
        /// Print the moves and the outcome as one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// Go through every decision of a saved game with a bot: the move played, the bot's preferred
    /// move, the win chance and expected score after each, what the move played gave up; then each
    /// player's mean loss and biggest mistakes.
    Analyse {
        /// The save file (JSON).
        save: PathBuf,
        /// The bot that proposes moves (a level, as for `simulate --bots`).
        #[arg(long, default_value = "mcts")]
        bot: String,
        /// Samples of the hidden piles behind each estimate (greedy playouts from each), 1 to
        /// 100000.
        #[arg(long, default_value_t = crownlands_bots::analysis::DEFAULT_SAMPLES, allow_negative_numbers = true, value_parser = parse_whole::<u32>)]
        samples: u32,
        /// Threads (default: every core). The result does not depend on it.
        #[arg(long, allow_negative_numbers = true, value_parser = parse_whole::<usize>)]
        jobs: Option<usize>,
        /// Seed of the bot's search and the samples.
        #[arg(
            long,
            short,
            default_value_t = crownlands_bots::analysis::DEFAULT_SEED,
            allow_negative_numbers = true,
            value_parser = parse_seed
        )]
        seed: u64,
        /// Print the assessment as one JSON document.
        #[arg(long)]
        json: bool,
        /// Refuse a save of more decisions than this, or whose decisions play out more than 120
        /// moves each on average (a stranger's save does not choose how long the analysis runs:
        /// about a third of a second a decision on two cores, at most about 6 s a decision on a
        /// core whatever the ruleset).
        #[arg(long, default_value_t = crate::commands::analyse::DEFAULT_MAX_DECISIONS, allow_negative_numbers = true, value_parser = parse_whole::<usize>)]
        max_decisions: usize,
    },
    /// Write a saved game in the game notation (see docs/saves.md).
    Export {
        /// The save file (JSON).
        save: PathBuf,
        /// Write to this file instead of standard output (a new file, unless --force).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace the output file if it exists (only a game in the notation Crownlands wrote;
        /// never the save read, nor anything but a regular file).
        #[arg(long, requires = "output")]
        force: bool,
        /// Embed the resolved ruleset even when it is a shipped one (else named, with its hash).
        #[arg(long)]
        embed_ruleset: bool,
    },
    /// Read a game in the notation, check it by replaying it, and write it as a save file.
    Import {
        /// The notation file.
        notation: PathBuf,
        /// The save file to write (a new file, unless --force).
        #[arg(long, short, required = true)]
        output: PathBuf,
        /// Replace the save file if it exists (only a save file Crownlands wrote; never the
        /// notation file read, nor anything but a regular file).
        #[arg(long)]
        force: bool,
        /// A file naming a shipped ruleset that changed since it was written (its RulesetHash
        /// is not this build's): check the game against the rules as they are now, with a
        /// warning, rather than refuse it.
        #[arg(long)]
        current_rules: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SchemaKind {
    Ruleset,
    Set,
}

/// Who plays, how many games, from which seed, on how many threads: what every run of games
/// takes (`simulate`, `compare`, `sweep`).
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Number of players, all playing random legal moves (the fast path); may be left out
    /// for a ruleset of one player count.
    #[arg(long, short, allow_negative_numbers = true, value_parser = parse_whole::<u64>)]
    pub players: Option<u64>,
    /// Bots, one per seat, comma-separated (the list sets the player count; seats rotate
    /// from game to game): random, greedy, mcts, mcts:PLAYOUTS, mcts:500ms.
    #[arg(long, short)]
    pub bots: Option<String>,
    /// Worker threads (default: all cores). The results are the same for any number.
    #[arg(long, short, allow_negative_numbers = true, value_parser = parse_whole::<usize>)]
    pub jobs: Option<usize>,
    /// Number of games (for a match ruleset such as Dynasty: matches).
    #[arg(long, short, default_value_t = 1000, allow_negative_numbers = true, value_parser = parse_whole::<u64>)]
    pub games: u64,
    /// Seed of the first game; game i is seeded from it, so a run is reproducible.
    #[arg(
        long,
        short,
        default_value_t = 1,
        allow_negative_numbers = true,
        value_parser = parse_seed
    )]
    pub seed: u64,
}

/// What `simulate` and `compare` play, and how.
#[derive(Args, Debug)]
pub struct LabArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Print the statistics as one JSON document (a shard's part file is JSON already).
    #[arg(long, conflicts_with = "shard")]
    pub json: bool,
    /// Play only the K-th of N contiguous slices of the games (their sizes differ by at most
    /// one) and print its statistics as a part file (JSON) for `crownlands merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Also write an HTML report with charts (one self-contained file).
    #[arg(long, value_name = "FILE.html", conflicts_with = "shard")]
    pub report: Option<PathBuf>,
    /// Replace the `--report` file if it exists (only a report Crownlands wrote).
    #[arg(long, requires = "report")]
    pub force: bool,
}

/// A count or a length of time on the command line (`--games`, `--players`, `--jobs`,
/// `--pace`, ...): a whole number. The command checks its own range (exit 1, the range named);
/// what is no whole number of the kind at all is refused here, the command line not parsing
/// (exit 2): a negative number (taken as the option's value, where clap read `--games -5` as an
/// unknown option and suggested `-- -5`, which failed again) and one past any count.
fn parse_whole<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    if let Ok(n) = text.parse::<T>() {
        return Ok(n);
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    Err(match text.strip_prefix('-') {
        Some(rest) if digits(rest) => {
            "a negative number: give a whole number (digits only, like 12)".into()
        }
        _ if digits(text) => "too large a number".into(),
        _ => "not a whole number (digits only, like 12)".into(),
    })
}

/// A seed: a whole number from 0 to 2^64 - 1. A negative one is taken as the option's value
/// (clap read `--seed -1` as an unknown option and suggested `-- -1`, which names a ruleset), and
/// refused with the range.
fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| format!("a seed is a whole number from 0 to {}", u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// `play` without `--pace` leaves the pace to the one kept from the last game (+/-), which a
    /// default on the option had always overridden.
    #[test]
    fn play_without_pace_leaves_it_unset() {
        let pace_of = |args: &[&str]| match Cli::try_parse_from(args).expect("parses").command {
            Command::Play { pace, .. } => pace,
            _ => panic!("not play"),
        };
        assert_eq!(pace_of(&["crownlands", "play"]), None);
        assert_eq!(pace_of(&["crownlands", "play", "--pace", "200"]), Some(200));
    }
}

//! `crownlands merge PARTS... [--json] [--report FILE.html]`: the part files of the shards of
//! one `simulate` or `compare` run, added up: exactly the figures one process would have given
//! (only the time differs: it is the shards' times added up).

use super::simulate::{RunOptions, finish};
use crate::errors::CliResult;
use crate::lab::part;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(
    parts: &[PathBuf],
    as_json: bool,
    report: Option<&Path>,
    force: bool,
) -> CliResult<ExitCode> {
    if let Some(path) = report {
        let inputs: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
        crate::lab::report::check(path, &inputs, force)?;
    }
    let results = part::merge(parts)?;
    let options = RunOptions {
        jobs: None,
        games: results.run.games,
        seed: results.run.seed,
        as_json,
        save: None,
        shard: None,
        report,
        force,
    };
    finish(&results, None, &options, None)
}

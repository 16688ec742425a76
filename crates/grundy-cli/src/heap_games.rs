//! `grundy antonim 1 3 5`, `grundy tower-nim 5 2 4`, `grundy rotisserie-nim 5 2 4`,
//! `grundy greedy-nim 3 5 5`: the games of `grundy-heap-games`, solved by search.

use core::fmt::Display;
use core::str::FromStr;
use std::time::Duration;

use grundy::Ruleset;
use grundy::heap_games::{Antonim, GreedyNim, RotisserieNim, TowerNim};
use serde::Serialize;

use crate::exit::{DEFAULT_TABLE_MIB, Failure, LimitArgs, parse_seconds};
use crate::memory::{MAX_SEARCHED_HEAP, check_heaps};
use crate::report::{Opts, solver_report};

/// Arguments of the heap-game subcommands.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct Args {
    /// Heap sizes, e.g. `1 3 5` (positive integers, at most 100000 each)
    heaps: Vec<String>,
    /// Give up after searching this many positions, counted over the whole command
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    max_nodes: u64,
    /// Give up after this many seconds, fractions allowed (e.g. 2.5)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "60")]
    time_limit: Duration,
    /// Misère play: whoever makes the last move loses
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

pub(crate) fn antonim(args: &Args) -> Result<String, Failure> {
    run("antonim", &Antonim, args)
}

pub(crate) fn tower_nim(args: &Args) -> Result<String, Failure> {
    run("tower-nim", &TowerNim, args)
}

pub(crate) fn rotisserie_nim(args: &Args) -> Result<String, Failure> {
    run("rotisserie-nim", &RotisserieNim, args)
}

pub(crate) fn greedy_nim(args: &Args) -> Result<String, Failure> {
    run("greedy-nim", &GreedyNim, args)
}

/// Parses the position, searches its value and winning moves, and renders the report.
fn run<R>(name: &'static str, ruleset: &R, args: &Args) -> Result<String, Failure>
where
    R: Ruleset,
    R::Position: FromStr + Display + Serialize,
    <R::Position as FromStr>::Err: Display,
    R::Move: Display + Serialize,
{
    let text = args.heaps.join(" ");
    let position: R::Position = text.parse().map_err(|e| format!("{e}"))?;
    check_heaps(&text, MAX_SEARCHED_HEAP)?;
    let limits = LimitArgs {
        max_nodes: Some(args.max_nodes),
        time_limit: Some(args.time_limit),
        table_mib: DEFAULT_TABLE_MIB,
    };
    let opts = Opts { show: true, misere: args.misere, limits, json: args.json, search: None };
    solver_report(
        name,
        ruleset,
        &position,
        position.to_string(),
        opts,
        ToString::to_string,
        ToString::to_string,
    )
}

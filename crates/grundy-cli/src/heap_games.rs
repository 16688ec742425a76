//! `grundy antonim 1 3 5`, `grundy tower-nim 5 2 4`, `grundy rotisserie-nim 5 2 4`,
//! `grundy greedy-nim 3 5 5`: the games of `grundy-heap-games`, solved by search.

use core::fmt::Display;
use core::str::FromStr;
use std::time::Duration;

use grundy::heap_games::{Antonim, GreedyNim, RotisserieNim, TowerNim};
use grundy::{Config, Ruleset, Solver};

use crate::exit::{Failure, Limits, parse_seconds};
use crate::report::{Report, move_lines, solver_proved};

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
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The largest heap searched: every amount of a playable heap is a move.
const MAX_HEAP: u64 = 100_000;

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
    R::Position: FromStr + Display,
    <R::Position as FromStr>::Err: Display,
    R::Move: Display,
{
    let text = args.heaps.join(" ");
    let position: R::Position = text.parse().map_err(|e| format!("{e}"))?;
    let tokens = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty());
    for (i, token) in tokens.enumerate() {
        if token.trim_start_matches('+').parse::<u64>().is_ok_and(|h| h > MAX_HEAP) {
            return Err(format!(
                "heap '{token}' (heap {}) is too large to search: at most {MAX_HEAP} tokens",
                i + 1
            )
            .into());
        }
    }
    let limits = Limits::new(Some(args.max_nodes), Some(args.time_limit));
    let mut solver = Solver::with_config(ruleset, Config::default().with_budget(limits.budget(0)));
    let value = solver.value(&position).map_err(|e| {
        limits.stopped(&e, solver_proved(&solver, &position, None, ToString::to_string))
    })?;
    solver.set_budget(limits.budget(solver.stats().nodes));
    let moves = solver.winning_moves(&position).map_err(|e| {
        limits.stopped(&e, solver_proved(&solver, &position, Some(value), ToString::to_string))
    })?;
    let winning_moves = move_lines(ruleset, &position, &moves);
    let report = Report::normal(name, position.to_string(), value, winning_moves);
    Ok(report.render(args.json))
}

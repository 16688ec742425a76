//! `grundy antonim 1 3 5`, `grundy tower-nim 5 2 4`, `grundy rotisserie-nim 5 2 4`,
//! `grundy greedy-nim 3 5 5`: the games of `grundy-heap-games`, solved by search.

use core::fmt::Display;
use core::str::FromStr;
use std::time::Duration;

use grundy::heap_games::{Antonim, GreedyNim, RotisserieNim, TowerNim};
use grundy::{Budget, Config, Ruleset, Solver};

use crate::report::{Report, move_lines};

/// Arguments of the heap-game subcommands.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct Args {
    /// Heap sizes, e.g. `1 3 5` (positive integers, at most 100000 each)
    heaps: Vec<String>,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The largest heap searched: every amount of a playable heap is a move.
const MAX_HEAP: u64 = 100_000;

/// What one search may spend before giving up with an error.
fn budget() -> Budget {
    Budget::unlimited().with_max_nodes(50_000_000).with_time_limit(Duration::from_secs(60))
}

pub(crate) fn antonim(args: &Args) -> Result<String, String> {
    run("antonim", &Antonim, args)
}

pub(crate) fn tower_nim(args: &Args) -> Result<String, String> {
    run("tower-nim", &TowerNim, args)
}

pub(crate) fn rotisserie_nim(args: &Args) -> Result<String, String> {
    run("rotisserie-nim", &RotisserieNim, args)
}

pub(crate) fn greedy_nim(args: &Args) -> Result<String, String> {
    run("greedy-nim", &GreedyNim, args)
}

/// Parses the position, searches its value and winning moves, and renders the report.
fn run<R>(name: &'static str, ruleset: &R, args: &Args) -> Result<String, String>
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
            ));
        }
    }
    let mut solver = Solver::with_config(ruleset, Config::default().with_budget(budget()));
    let fail = |e| format!("cannot solve {name} position '{position}': {e}");
    let value = solver.value(&position).map_err(fail)?;
    let moves = solver.winning_moves(&position).map_err(fail)?;
    let winning_moves = move_lines(ruleset, &position, &moves);
    let report = Report::normal(name, position.to_string(), value, winning_moves);
    Ok(report.render(args.json))
}

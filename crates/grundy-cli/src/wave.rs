//! `grundy transverse-wave`, `crosswise-and`, `crosswise-or`, `avoid-true`, `dq-nim`,
//! `tw-search` and `lattice`.

use std::time::Duration;

use grundy::avoid_true::{AvoidTruePosition, Formula, FormulaError};
use grundy::nim::{Heaps, Nim};
use grundy::quantum::{DemiQuantum, ParseMatrixError, Superposition};
use grundy::reductions::{
    Compose, DemiQuantumToAnd, DemiQuantumToAvoidTrue, Inverse, Reduction, lattice_dot, lattice_svg,
};
use grundy::transverse_wave::search::ValueSearch;
use grundy::transverse_wave::{BoolMatrix, Grid, ParseError, SearchLimits, WaveSolver};
use grundy::{Budget, Nimber, Ruleset};

use crate::report::{MoveLine, Opts, Report, config, solve_error, solver_report};

/// Arguments shared by the board games of the Transverse Wave family.
#[derive(Debug, clap::Args)]
pub(crate) struct BoardArgs {
    /// The position: rows separated by '/' (or newlines)
    position: String,
    #[command(flatten)]
    opts: Opts,
}

/// Arguments of `grundy avoid-true`.
#[derive(Debug, clap::Args)]
pub(crate) struct AvoidArgs {
    /// The formula, e.g. '(x1 | x2 | x3) & (x1 | x4)'; optional sections '; variables: 8'
    /// and '; true: x8'
    formula: String,
    /// Variables already true, separated by commas (the set T)
    #[arg(long = "true", value_name = "VARS")]
    true_vars: Option<String>,
    #[command(flatten)]
    opts: Opts,
}

/// Arguments of `grundy tw-search`.
#[derive(Debug, clap::Args)]
pub(crate) struct SearchArgs {
    /// The nimber wanted, e.g. 5 or *5
    value: String,
    /// The most rows to try (at most 7)
    #[arg(long, default_value_t = 5)]
    max_rows: usize,
    /// The most columns to try
    #[arg(long, default_value_t = 16)]
    max_cols: usize,
    /// Give up after this many seconds
    #[arg(long, value_name = "S")]
    seconds: Option<u64>,
}

/// The report of a Crosswise AND matrix `matrix` standing for a position written `position`;
/// `name` names a column move, `after` writes the position after a move.
fn board_report(
    ruleset: &'static str,
    position: String,
    matrix: &BoolMatrix,
    opts: Opts,
    name: impl Fn(usize) -> String,
    after: impl Fn(usize) -> String,
) -> Result<String, String> {
    let mut solver = WaveSolver::with_config(config(opts.max_nodes));
    let value = solver.value(matrix).map_err(solve_error)?;
    let moves = solver.winning_moves(matrix).map_err(solve_error)?;
    let winning_moves = moves
        .iter()
        .map(|&c| MoveLine {
            text: name(c),
            result: if opts.show { after(c) } else { String::new() },
        })
        .collect();
    let report = Report::normal(ruleset, position, value, winning_moves);
    Ok(report.render(opts.json))
}

pub(crate) fn transverse_wave(args: &BoardArgs) -> Result<String, String> {
    let grid: Grid = args.position.parse().map_err(|e: ParseError| e.to_string())?;
    let game = grundy::transverse_wave::TransverseWave;
    board_report(
        "transverse wave",
        grid.to_string(),
        grid.as_matrix(),
        args.opts,
        |c| format!("column {}", c + 1),
        |c| game.play(&grid, &c).to_string(),
    )
}

pub(crate) fn crosswise_and(args: &BoardArgs) -> Result<String, String> {
    let matrix: BoolMatrix = args.position.parse().map_err(|e: ParseError| e.to_string())?;
    let game = grundy::transverse_wave::CrosswiseAnd;
    board_report(
        "crosswise and",
        matrix.to_string(),
        &matrix,
        args.opts,
        |c| format!("column {}", c + 1),
        |c| game.play(&matrix, &c).to_string(),
    )
}

pub(crate) fn crosswise_or(args: &BoardArgs) -> Result<String, String> {
    let matrix: BoolMatrix = args.position.parse().map_err(|e: ParseError| e.to_string())?;
    let game = grundy::transverse_wave::CrosswiseOr;
    // Crosswise OR is Crosswise AND on the complement (Propositions 1 and 2).
    board_report(
        "crosswise or",
        matrix.to_string(),
        &matrix.complement(),
        args.opts,
        |c| format!("column {}", c + 1),
        |c| game.play(&matrix, &c).to_string(),
    )
}

pub(crate) fn avoid_true(args: &AvoidArgs) -> Result<String, String> {
    let mut text = args.formula.clone();
    if let Some(vars) = &args.true_vars {
        text.push_str(" ; true: ");
        text.push_str(vars);
    }
    let position: AvoidTruePosition = text.parse().map_err(|e: FormulaError| e.to_string())?;
    let formula_text = args.formula.split(';').next().unwrap_or("");
    let formula: Formula = formula_text.parse().map_err(|e: FormulaError| e.to_string())?;
    let names: Vec<String> = formula.names().to_vec();
    let name = |x: usize| names.get(x).cloned().unwrap_or_else(|| format!("x{}", x + 1));
    // Theorem 4 then Proposition 4: the formula is a Crosswise AND matrix, variable j being
    // column j, and the fast solver plays that.
    let to_matrix = Compose::new(Inverse(DemiQuantumToAvoidTrue), DemiQuantumToAnd);
    let matrix = to_matrix.map_position(&position).map_err(|e| e.to_string())?;
    let game = grundy::avoid_true::AvoidTrue;
    board_report(
        "avoid true",
        position.to_string(),
        &matrix,
        args.opts,
        |x| format!("make {} true", name(x)),
        |x| game.play(&position, &x).to_string(),
    )
}

pub(crate) fn dq_nim(args: &BoardArgs) -> Result<String, String> {
    let position: Superposition<Heaps> =
        args.position.parse().map_err(|e: ParseMatrixError| e.to_string())?;
    let game = DemiQuantum::new(Nim);
    solver_report(
        "demi-quantum nim",
        &game,
        &position,
        position.to_string(),
        args.opts,
        ToString::to_string,
        ToString::to_string,
    )
}

pub(crate) fn tw_search(args: &SearchArgs) -> Result<String, String> {
    let target: Nimber = args.value.parse().map_err(|e: grundy::ParseNimberError| e.to_string())?;
    let mut budget = Budget::unlimited();
    if let Some(s) = args.seconds {
        budget = budget.with_time_limit(Duration::from_secs(s));
    }
    let limits = SearchLimits::new()
        .with_max_rows(args.max_rows)
        .with_max_cols(args.max_cols)
        .with_budget(budget);
    let mut search = ValueSearch::new(limits);
    let found = search.smallest(target).map_err(|e| e.to_string())?;
    Ok(match found {
        Some(found) => format!(
            "value     {target}\nposition  {}\nshorthand {}\nsize      {} rows x {} columns\nminimal   {}\n",
            found.grid,
            found.grid.shorthand(),
            found.grid.rows(),
            found.grid.cols(),
            if found.minimal { "yes (every smaller size was searched)" } else { "not proved" }
        ),
        None => format!(
            "value     {target}\nposition  none with at most {} rows and {} columns\n",
            args.max_rows, args.max_cols
        ),
    })
}

/// Arguments of `grundy lattice`.
#[derive(Debug, clap::Args)]
pub(crate) struct LatticeArgs {
    /// Draw the lattice as an SVG picture (laid out by grundy) instead of Graphviz DOT
    #[arg(long)]
    svg: bool,
}

pub(crate) fn lattice(args: &LatticeArgs) -> Result<String, String> {
    Ok(if args.svg { lattice_svg() } else { lattice_dot() })
}

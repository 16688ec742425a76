//! `grundy transverse-wave`, `crosswise-and`, `crosswise-or`, `avoid-true`, `dq-nim`,
//! `tw-search` and `lattice`.

use grundy::avoid_true::{AvoidTruePosition, Formula, FormulaError};
use grundy::nim::{Heaps, Nim};
use grundy::quantum::{DemiQuantum, ParseMatrixError, Superposition};
use grundy::reductions::{
    Compose, DemiQuantumToAnd, DemiQuantumToAvoidTrue, Inverse, Kind, REGISTRY, RULESETS,
    Reduction, lattice_dot, lattice_svg,
};
use grundy::transverse_wave::search::ValueSearch;
use grundy::transverse_wave::{
    BoolMatrix, Grid, ParseError, SearchError, SearchLimits, WaveSolver,
};
use grundy::{Method, Nimber, Outcome, Ruleset};

use crate::exit::{Failure, LimitArgs, Limits};
use crate::input::read_arg;
use crate::memory::MAX_SEARCHED_HEAP;
use serde::Serialize;

use serde_json::{Value, json};

use crate::report::{MoveLine, Opts, Report, config, data, json_line, nimber_data, solver_report};

/// Arguments shared by the board games of the Transverse Wave family.
#[derive(Debug, clap::Args)]
pub(crate) struct BoardArgs {
    /// The position: rows separated by '/' (or newlines); '-' reads it from standard input,
    /// '@FILE' from a file
    position: String,
    #[command(flatten)]
    opts: Opts,
}

/// The thread count of the games solved by [`WaveSolver`].
#[derive(Debug, Clone, Copy, clap::Args)]
pub(crate) struct ThreadArgs {
    /// Threads to search with, normal play (solvers sharing one table; the statistics of a
    /// stopped search are then not shown) [default: 1]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

impl ThreadArgs {
    fn count(self) -> usize {
        self.threads.map_or(1, usize::from)
    }
}

/// Arguments of `grundy transverse-wave`, `crosswise-and` and `crosswise-or`.
#[derive(Debug, clap::Args)]
pub(crate) struct WaveArgs {
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    threads: ThreadArgs,
}

/// Arguments of `grundy avoid-true`.
#[derive(Debug, clap::Args)]
pub(crate) struct AvoidArgs {
    /// The formula, e.g. '(x1 | x2 | x3) & (x1 | x4)'; optional sections '; variables: 8'
    /// and '; true: x8'. '-' reads it from standard input, '@FILE' from a file
    formula: String,
    /// Variables already true, separated by commas (the set T)
    #[arg(long = "true", value_name = "VARS")]
    true_vars: Option<String>,
    #[command(flatten)]
    threads: ThreadArgs,
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
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// What a stopped search proved: the value (when only the winning moves were cut short).
fn proved_value(value: Option<Nimber>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(v) = value {
        let outcome = Outcome::from_value(v);
        lines.push(format!("value {v}, outcome {outcome} ({})", outcome.describe()));
        lines.push("the winning moves were not all checked".to_owned());
    }
    lines
}

/// The value and the winning columns of a Crosswise AND matrix, by one solver (whose work a
/// stopped search reports) or by `threads` solvers sharing a table.
fn wave_solve(
    matrix: &BoolMatrix,
    limits: &Limits,
    threads: usize,
) -> Result<(Nimber, Vec<usize>), Failure> {
    let config = config(limits).with_method(Method::Pruned);
    if threads > 1 {
        let proved = |value| {
            let mut lines = proved_value(value);
            lines.push(format!("searched {} states (all threads)", limits.progress().nodes()));
            lines
        };
        let value = WaveSolver::par_value(matrix, &config, threads)
            .map_err(|e| limits.stopped(&e, proved(None)))?;
        // The node limit binds the first solver of a race; the second race gets what the
        // first left of it, counting the nodes of every solver (so it stops early rather
        // than late).
        let config = config.with_budget(limits.budget(limits.progress().nodes()));
        let moves = WaveSolver::par_winning_moves(matrix, &config, threads)
            .map_err(|e| limits.stopped(&e, proved(Some(value))))?;
        return Ok((value, moves));
    }
    let mut solver = WaveSolver::with_config(config);
    // What was proved: the value (when only the winning moves were cut short) and the work.
    let proved = |solver: &WaveSolver, value: Option<Nimber>| {
        let stats = solver.stats();
        let mut lines = proved_value(value);
        lines.push(format!("searched {} states; {} facts stored", stats.nodes, solver.table_len()));
        lines
    };
    let value = solver.value(matrix).map_err(|e| limits.stopped(&e, proved(&solver, None)))?;
    solver.set_budget(limits.budget(solver.stats().nodes));
    let moves = solver
        .winning_moves(matrix)
        .map_err(|e| limits.stopped(&e, proved(&solver, Some(value))))?;
    Ok((value, moves))
}

/// The report of a Crosswise AND matrix `matrix` standing for a position written `position`,
/// solved on `threads` threads; `name` names a column move, `after` writes the position after
/// a move.
fn board_report<P: Serialize>(
    ruleset: &'static str,
    (position, position_data): (String, &P),
    (matrix, threads): (&BoolMatrix, usize),
    opts: Opts,
    name: impl Fn(usize) -> String,
    after: impl Fn(usize) -> (String, P),
) -> Result<String, Failure> {
    let limits = Limits::start(opts.limits);
    let (value, moves) = wave_solve(matrix, &limits, threads)?;
    let winning_moves = moves
        .iter()
        .map(|&c| {
            let (text, reached) = after(c);
            MoveLine::new(name(c), &c, text, &reached)
        })
        .collect();
    let report = Report::normal(ruleset, position, data(position_data), value, winning_moves);
    Ok(report.with_shown_results(opts.show).render(opts.json))
}

/// A column move in words (columns count from 1).
fn column(c: &usize) -> String {
    format!("column {}", c + 1)
}

/// The misère report of a board game: the generic solver on whole positions (the fast
/// solver is for normal play).
fn misere_report<R>(
    ruleset: &'static str,
    game: &R,
    position: &R::Position,
    opts: Opts,
    name: impl Fn(&R::Move) -> String,
) -> Result<String, Failure>
where
    R: Ruleset,
    R::Position: Serialize + std::fmt::Display,
    R::Move: Serialize,
{
    let text = position.to_string();
    solver_report(ruleset, game, position, text, opts, name, ToString::to_string)
}

pub(crate) fn transverse_wave(args: &WaveArgs) -> Result<String, Failure> {
    let WaveArgs { board: args, threads } = args;
    let grid: Grid =
        read_arg("position", &args.position)?.parse().map_err(|e: ParseError| e.to_string())?;
    let game = grundy::transverse_wave::TransverseWave;
    if args.opts.misere {
        return misere_report("transverse wave", &game, &grid, args.opts, column);
    }
    board_report(
        "transverse wave",
        (grid.to_string(), &grid),
        (grid.as_matrix(), threads.count()),
        args.opts,
        |c| column(&c),
        |c| {
            let after = game.play(&grid, &c);
            (after.to_string(), after)
        },
    )
}

pub(crate) fn crosswise_and(args: &WaveArgs) -> Result<String, Failure> {
    let WaveArgs { board: args, threads } = args;
    let matrix: BoolMatrix =
        read_arg("position", &args.position)?.parse().map_err(|e: ParseError| e.to_string())?;
    let game = grundy::transverse_wave::CrosswiseAnd;
    if args.opts.misere {
        return misere_report("crosswise and", &game, &matrix, args.opts, column);
    }
    board_report(
        "crosswise and",
        (matrix.to_string(), &matrix),
        (&matrix, threads.count()),
        args.opts,
        |c| column(&c),
        |c| {
            let after = game.play(&matrix, &c);
            (after.to_string(), after)
        },
    )
}

pub(crate) fn crosswise_or(args: &WaveArgs) -> Result<String, Failure> {
    let WaveArgs { board: args, threads } = args;
    let matrix: BoolMatrix =
        read_arg("position", &args.position)?.parse().map_err(|e: ParseError| e.to_string())?;
    let game = grundy::transverse_wave::CrosswiseOr;
    if args.opts.misere {
        return misere_report("crosswise or", &game, &matrix, args.opts, column);
    }
    // Crosswise OR is Crosswise AND on the complement (Propositions 1 and 2).
    board_report(
        "crosswise or",
        (matrix.to_string(), &matrix),
        (&matrix.complement(), threads.count()),
        args.opts,
        |c| column(&c),
        |c| {
            let after = game.play(&matrix, &c);
            (after.to_string(), after)
        },
    )
}

pub(crate) fn avoid_true(args: &AvoidArgs) -> Result<String, Failure> {
    let formula_arg = read_arg("formula", &args.formula)?;
    let mut text = formula_arg.clone();
    if let Some(vars) = &args.true_vars {
        text.push_str(" ; true: ");
        text.push_str(vars);
    }
    let position: AvoidTruePosition = text.parse().map_err(|e: FormulaError| e.to_string())?;
    let formula_text = formula_arg.split(';').next().unwrap_or("");
    let formula: Formula = formula_text.parse().map_err(|e: FormulaError| e.to_string())?;
    let names: Vec<String> = formula.names().to_vec();
    let name = |x: usize| names.get(x).cloned().unwrap_or_else(|| format!("x{}", x + 1));
    // Theorem 4 then Proposition 4: the formula is a Crosswise AND matrix, variable j being
    // column j, and the fast solver plays that.
    let to_matrix = Compose::new(Inverse(DemiQuantumToAvoidTrue), DemiQuantumToAnd);
    let matrix = to_matrix.map_position(&position).map_err(|e| e.to_string())?;
    let game = grundy::avoid_true::AvoidTrue;
    if args.opts.misere {
        let name = |x: &usize| format!("make {} true", name(*x));
        return misere_report("avoid true", &game, &position, args.opts, name);
    }
    board_report(
        "avoid true",
        (position.to_string(), &position),
        (&matrix, args.threads.count()),
        args.opts,
        |x| format!("make {} true", name(x)),
        |x| {
            let after = game.play(&position, &x);
            (after.to_string(), after)
        },
    )
}

pub(crate) fn dq_nim(args: &BoardArgs) -> Result<String, Failure> {
    let text = read_arg("position", &args.position)?;
    let position = Superposition::<Heaps>::parse_bounded(&text, MAX_SEARCHED_HEAP)
        .map_err(|e: ParseMatrixError| e.to_string())?;
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

pub(crate) fn tw_search(args: &SearchArgs) -> Result<String, Failure> {
    let target: Nimber = args.value.parse().map_err(|e: grundy::ParseNimberError| e.to_string())?;
    let limits = Limits::start(args.limits);
    let search_limits = SearchLimits::new()
        .with_max_rows(args.max_rows)
        .with_max_cols(args.max_cols)
        .with_budget(limits.budget(0));
    let mut search = ValueSearch::new(search_limits);
    let found = match search.smallest(target) {
        Ok(found) => found,
        Err(SearchError::Stopped(e)) => {
            let stats = search.stats();
            let mut proved = Vec::new();
            if let Some((m, n)) = stats.completed {
                proved.push(format!(
                    "no grid of value {target} up to {m} rows x {n} columns (sizes searched in \
                     order: fewer rows first, then fewer columns)"
                ));
            }
            proved.push(format!(
                "examined {} multisets of columns; valued {} candidates",
                stats.multisets, stats.evaluated
            ));
            return Err(limits.stopped(&e, proved).into());
        }
        Err(e) => return Err(e.to_string().into()),
    };
    if args.json {
        let report = match &found {
            Some(found) => json!({
                "value": nimber_data(target),
                "value_text": target.to_string(),
                "found": true,
                "position": data(&found.grid),
                "position_text": found.grid.to_string(),
                "shorthand": found.grid.shorthand(),
                "rows": found.grid.rows(),
                "cols": found.grid.cols(),
                "minimal": found.minimal,
            }),
            None => json!({
                "value": nimber_data(target),
                "value_text": target.to_string(),
                "found": false,
                "max_rows": args.max_rows,
                "max_cols": args.max_cols,
            }),
        };
        return Ok(json_line(&report));
    }
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
#[command(group(clap::ArgGroup::new("format").args(["svg", "json"])))]
pub(crate) struct LatticeArgs {
    /// Draw the lattice as an SVG picture (laid out by grundy) instead of Graphviz DOT
    #[arg(long)]
    svg: bool,
    /// Print the rulesets and the reductions between them as one JSON object
    #[arg(long)]
    json: bool,
}

pub(crate) fn lattice(args: &LatticeArgs) -> Result<String, Failure> {
    if args.json {
        let reductions: Vec<Value> = REGISTRY
            .iter()
            .map(|e| {
                json!({
                    "name": e.name,
                    "from": e.from,
                    "to": e.to,
                    "kind": match e.kind {
                        Kind::Isomorphism => "isomorphism",
                        Kind::Embedding => "embedding",
                    },
                    "statement": e.statement,
                    "test": e.test,
                })
            })
            .collect();
        return Ok(json_line(&json!({ "rulesets": RULESETS, "reductions": reductions })));
    }
    Ok(if args.svg { lattice_svg() } else { lattice_dot() })
}

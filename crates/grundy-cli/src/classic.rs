//! `grundy cram 5x7` and `grundy chomp 10x10`: the games of `grundy-cram-chomp`, solved by the
//! generic solver with the rulesets' reductions, symmetries and closed forms.

use grundy::cram_chomp::{ChompBar, Cram, CramBoard};

use crate::exit::Failure;
use crate::input::read_arg;
use crate::report::{Opts, solver_report};

/// Arguments of `grundy cram`.
#[derive(Debug, clap::Args)]
pub(crate) struct CramArgs {
    /// The board: a size such as 5x7 (all cells empty, at most 64 cells), or rows of '.'
    /// (empty) and '#' (filled) separated by '/' (or newlines), e.g. '..#./....'; '-' reads it
    /// from standard input, '@FILE' from a file
    board: String,
    #[command(flatten)]
    opts: Opts,
}

/// Arguments of `grundy chomp`.
#[derive(Debug, clap::Args)]
pub(crate) struct ChompArgs {
    /// The bar: a size such as 10x10 (rows x columns, each 1 to 15), or the column heights
    /// from the left, never increasing, e.g. '4,3,3,1'; '-' reads it from standard input,
    /// '@FILE' from a file
    bar: String,
    #[command(flatten)]
    opts: Opts,
}

/// A domino in words, cells counted from 1: `row 1, columns 2-3` or `column 3, rows 1-2`.
fn domino(game: &Cram, domino: u64) -> String {
    match game.domino(domino) {
        Some([(r, c), (r2, _)]) if r == r2 => format!("row {}, columns {}-{}", r + 1, c + 1, c + 2),
        Some([(r, c), _]) => format!("column {}, rows {}-{}", c + 1, r + 1, r + 2),
        None => format!("cells {domino:#x}"),
    }
}

/// Solves a Cram board: its value, outcome and winning dominoes.
pub(crate) fn cram(args: &CramArgs) -> Result<String, Failure> {
    let board: CramBoard = read_arg("board", &args.board)?
        .parse()
        .map_err(|e: grundy::cram_chomp::CramError| e.to_string())?;
    let game = board.game();
    solver_report(
        "cram",
        &game,
        &board.empty(),
        board.to_string(),
        args.opts,
        |mv| domino(&game, *mv),
        |after| game.board(*after).map_or_else(|e| e.to_string(), |b| b.to_string()),
    )
}

/// Solves a Chomp bar: its value, outcome and winning bites.
pub(crate) fn chomp(args: &ChompArgs) -> Result<String, Failure> {
    let bar: ChompBar = read_arg("bar", &args.bar)?
        .parse()
        .map_err(|e: grundy::cram_chomp::ChompError| e.to_string())?;
    let game = bar.game();
    solver_report(
        "chomp",
        &game,
        &bar.position(),
        bar.to_string(),
        args.opts,
        |&(r, c)| format!("row {}, column {}", u32::from(r) + 1, u32::from(c) + 1),
        |after| game.bar(*after).map_or_else(|e| e.to_string(), |b| b.to_string()),
    )
}

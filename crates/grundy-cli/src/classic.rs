//! `grundy cram 5x7` and `grundy chomp 10x10`: the games of `grundy-cram-chomp`, solved by the
//! generic solver with the rulesets' reductions, symmetries and closed forms.

use grundy::cram_chomp::{ChompBar, Cram, CramBoard};

use crate::exit::Failure;
use crate::input::read_arg;
use serde_json::json;

use crate::report::{AsData, Opts, SearchArg, solver_report_as};

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
    let as_data = AsData {
        // The rows of the board as text ('.' empty, '#' filled), from the first row.
        position: |empty: &u64| {
            let rows: Vec<String> = (0..board.rows())
                .map(|r| {
                    (0..board.cols())
                        .map(|c| if empty >> (r * board.cols() + c) & 1 == 1 { '.' } else { '#' })
                        .collect()
                })
                .collect();
            json!({ "rows": board.rows(), "cols": board.cols(), "cells": rows })
        },
        // The two cells of the domino, (row, column) from 0.
        mv: |mv: &u64| json!(game.domino(*mv)),
    };
    solver_report_as(
        "cram",
        &game,
        &board.empty(),
        board.to_string(),
        args.opts,
        (
            |mv: &u64| domino(&game, *mv),
            |after: &u64| game.board(*after).map_or_else(|e| e.to_string(), |b| b.to_string()),
        ),
        &as_data,
    )
}

/// Solves a Chomp bar: its value, outcome and winning bites.
pub(crate) fn chomp(args: &ChompArgs) -> Result<String, Failure> {
    let bar: ChompBar = read_arg("bar", &args.bar)?
        .parse()
        .map_err(|e: grundy::cram_chomp::ChompError| e.to_string())?;
    let game = bar.game();
    let as_data = AsData {
        // The column heights from the left (an empty list once the bar is eaten).
        position: |p: &u64| json!({ "column_heights": game.bar(*p).map(|b| b.column_heights()).unwrap_or_default() }),
        // The square bitten, from 0 (row 0 at the bottom, the poisoned square at (0, 0)).
        mv: |&(r, c): &(u8, u8)| json!({ "row": r, "column": c }),
    };
    // Chomp's values are large (*19 on 10 x 10): valuing every child once beats asking each
    // child about one value after another (docs/performance.md).
    let mut opts = args.opts;
    opts.search.get_or_insert(SearchArg::Mex);
    solver_report_as(
        "chomp",
        &game,
        &bar.position(),
        bar.to_string(),
        opts,
        (
            |&(r, c): &(u8, u8)| format!("row {}, column {}", u32::from(r) + 1, u32::from(c) + 1),
            |after: &u64| game.bar(*after).map_or_else(|e| e.to_string(), |b| b.to_string()),
        ),
        &as_data,
    )
}

//! The Cram and Chomp families of grundy-testkit's corpus of known values, run through every
//! engine: the generic solver with `Method::Mex` and `Method::Pruned`, and plain recursion
//! (`grundy_core::naive`) wherever the game tree is small enough. Outcomes agree with values.

use grundy_core::{Budget, Config, Method, Nimber, Outcome, Ruleset, Solver, naive};
use grundy_cram_chomp::{ChompBar, CramBoard};
use grundy_testkit::corpus;

/// The most nodes plain recursion may visit on one case.
const NAIVE_NODES: u64 = 200_000;

/// Every engine on `position` of `game`: the value of each method, its outcome, and plain
/// recursion where it finishes within [`NAIVE_NODES`]. Returns how many cases plain recursion
/// settled (0 or 1).
fn check<R: Ruleset>(game: &R, position: &R::Position, expected: u64, what: &str) -> usize {
    let expected = Nimber::new(expected);
    for method in [Method::Mex, Method::Pruned] {
        let config = Config::default().with_method(method);
        let value = Solver::with_config(game, config.clone()).value(position);
        assert_eq!(value, Ok(expected), "{what}: {method:?} value");
        let outcome = Solver::with_config(game, config).outcome(position);
        assert_eq!(outcome, Ok(Outcome::from_value(expected)), "{what}: {method:?} outcome");
    }
    let budget = Budget::unlimited().with_max_nodes(NAIVE_NODES);
    match naive::value_within(game, position, &budget) {
        Ok(v) => {
            assert_eq!(v, expected, "{what}: plain recursion");
            1
        }
        Err(_) => 0,
    }
}

#[test]
fn cram_corpus() {
    let cases = corpus::cram().unwrap();
    let mut naive = 0;
    for case in &cases {
        let b = &case.position;
        let what = format!("Cram {} (line {}; {})", b.text, case.line, case.source);
        let (rows, cols) = (u32::try_from(b.rows).unwrap(), u32::try_from(b.cols).unwrap());
        let mut empty = 0u64;
        for (r, row) in b.cells.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if cell {
                    empty |= 1 << (r * b.cols + c);
                }
            }
        }
        let board = CramBoard::with_empty(rows, cols, empty).unwrap();
        // The crate's own text form reads the same board.
        assert_eq!(b.text.parse::<CramBoard>().unwrap(), board, "{what}");
        naive += check(&board.game(), &board.empty(), case.value, &what);
    }
    // Most cases are small enough for plain recursion; the rest are theorems.
    assert!(naive * 3 >= cases.len() * 2, "{naive} of {} checked by plain recursion", cases.len());
}

#[test]
fn chomp_corpus() {
    let cases = corpus::chomp().unwrap();
    let mut naive = 0;
    for case in &cases {
        let what = format!("Chomp {} (line {}; {})", case.position.text, case.line, case.source);
        let bar = ChompBar::from_column_heights(&case.position.column_heights).unwrap();
        assert_eq!(case.position.text.parse::<ChompBar>().unwrap(), bar, "{what}");
        naive += check(&bar.game(), &bar.position(), case.value, &what);
    }
    assert!(naive * 3 >= cases.len() * 2, "{naive} of {} checked by plain recursion", cases.len());
}

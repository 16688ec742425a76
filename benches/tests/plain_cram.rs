//! The plain Cram fixture (`grundy_benches::PlainCram`) against the reference solver and
//! against grundy-cram-chomp's Cram.

use grundy::cram_chomp::Cram;
use grundy::{Config, Solver, naive};
use grundy_benches::PlainCram;
use proptest::prelude::*;

/// Boards of at most 64 cells are accepted, others are errors.
#[test]
fn sides_are_checked() {
    assert!(PlainCram::new(0, 3).is_err());
    assert!(PlainCram::new(8, 9).is_err());
    assert_eq!(PlainCram::new(8, 8).unwrap().start(), u64::MAX);
    assert_eq!(PlainCram::new(2, 3).unwrap().start(), 0b11_1111);
}

/// The empty boards have the values of grundy-cram-chomp's Cram (whose own reductions are
/// tested against the reference solver in its crate).
#[test]
fn empty_boards_have_cram_s_values() {
    for rows in 1..=5 {
        for cols in 1..=6 {
            let plain = PlainCram::new(rows, cols).unwrap();
            let cram = Cram::new(rows, cols).unwrap();
            let ours = Solver::with_config(&plain, Config::default()).value(&plain.start());
            let theirs = Solver::with_config(&cram, Config::default()).value(&cram.start());
            assert_eq!(ours.unwrap(), theirs.unwrap(), "{rows} x {cols}");
        }
    }
    // Boards of 64 cells: one row (a shift by a whole row is a shift by 64), one column, and
    // positions of a few cells on 2 x 32 and 8 x 8.
    for (rows, cols) in [(1, 64), (64, 1), (2, 32), (8, 8)] {
        let plain = PlainCram::new(rows, cols).unwrap();
        let cram = Cram::new(rows, cols).unwrap();
        let position = match (rows, cols) {
            (8, 8) => 0b1110_0111 << 24 | 0b11 << 9 | 0b1011 << 56,
            (2, 32) => 0x3ff | 0x3ff << 32,
            _ => plain.start(),
        };
        let ours = Solver::with_config(&plain, Config::default()).value(&position);
        let theirs = Solver::with_config(&cram, Config::default()).value(&position);
        assert_eq!(ours.unwrap(), theirs.unwrap(), "{rows} x {cols}");
    }
}

/// Board shapes of at most 18 cells, square (eight symmetries) and oblong (four).
const SHAPES: [(u32, u32); 8] = [(1, 6), (2, 2), (2, 5), (3, 3), (3, 5), (3, 6), (4, 4), (6, 3)];

proptest! {
    /// Any set of empty cells on a small board: the solver (components, canonical forms under
    /// the board's symmetries) gives the reference solver's value.
    #[test]
    fn solver_agrees_with_the_reference(
        (rows, cols) in proptest::sample::select(&SHAPES[..]),
        cells: u32,
    ) {
        let game = PlainCram::new(rows, cols).unwrap();
        let empty = u64::from(cells) & game.start();
        let value = Solver::with_config(&game, Config::default()).value(&empty).unwrap();
        prop_assert_eq!(value, naive::value(&game, &empty));
    }
}

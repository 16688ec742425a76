//! Cram against plain recursion: every hook of the ruleset on random small boards and on every
//! set of cells of boards up to 16 cells, the known values and outcomes, and the text form.

use grundy_core::{Config, Method, Nimber, Outcome, Ruleset, Solver, naive};
use grundy_cram_chomp::cram::MAX_CELLS;
use grundy_cram_chomp::{Cram, CramBoard, CramError};
use proptest::prelude::*;

/// The value of every set of cells of a board by mex over the rules alone (moves and play),
/// remembered by set: no components, reductions, symmetries or closed forms.
fn plain_values(game: &Cram) -> Vec<u8> {
    let cells = game.rows() * game.cols();
    let mut values = vec![0u8; 1 << cells];
    // A move only empties cells, so every child is a smaller number than its parent.
    for set in 0u64..1 << cells {
        let seen = game
            .move_list(&set)
            .iter()
            .fold(0u64, |seen, m| seen | 1 << values[usize::try_from(set & !m).unwrap()]);
        values[usize::try_from(set).unwrap()] = u8::try_from(seen.trailing_ones()).unwrap();
    }
    values
}

/// The four mirror images of `set` (itself, left-right, top-bottom, both) on `game`'s board.
fn mirror_images(game: &Cram, set: u64) -> [u64; 4] {
    let (rows, cols) = (game.rows(), game.cols());
    let image = |flip_row: bool, flip_col: bool| {
        (0..rows * cols).filter(|i| set >> i & 1 == 1).fold(0u64, |m, i| {
            let (r, c) = (i / cols, i % cols);
            let r = if flip_row { rows - 1 - r } else { r };
            let c = if flip_col { cols - 1 - c } else { c };
            m | 1 << (r * cols + c)
        })
    };
    [image(false, false), image(false, true), image(true, false), image(true, true)]
}

/// Checks every hook of `game` at `set` against the value and outcome `value_of` gives.
fn check_hooks(game: &Cram, set: u64, value_of: &dyn Fn(u64) -> Nimber) {
    let value = value_of(set);
    let moves = game.move_list(&set);
    assert_eq!(game.is_terminal(&set), moves.is_empty(), "{set:#x}");
    assert_eq!(game.move_count(&set, &mut Vec::new()), moves.len(), "{set:#x}");
    let mut ordered = moves.clone();
    game.order_moves(&set, &mut ordered);
    let (mut a, mut b) = (moves.clone(), ordered);
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "order_moves permutes the moves of {set:#x}");
    assert!(moves.iter().all(|m| game.domino(*m).is_some()), "{set:#x}");
    let mut parts = Vec::new();
    game.components(&set, &mut parts);
    let sum = parts.iter().fold(Nimber::ZERO, |x, p| x + value_of(*p));
    assert_eq!(sum, value, "components of {set:#x}: {parts:x?}");
    assert!(parts.iter().all(|p| p & !set == 0), "components are empty cells of {set:#x}");
    let canonical = game.canonical(&set);
    assert_eq!(game.word_key(&canonical), Some(canonical));
    for image in mirror_images(game, set) {
        assert_eq!(game.canonical(&image), canonical, "{set:#x} and its image {image:#x}");
    }
    // The canonical form is a position of a board of the same size (moved to the corner).
    assert_eq!(canonical & !game.start(), 0, "{set:#x}");
    assert_eq!(value_of(canonical), value, "canonical form of {set:#x}");
    if let Some(known) = game.known_value(&set) {
        assert_eq!(known, value, "known value of {set:#x}");
    }
    if let Some(outcome) = game.known_outcome(&set) {
        assert_eq!(outcome, Outcome::from_value(value), "known outcome of {set:#x}");
    }
}

/// Every hook on every set of cells of boards of up to 16 cells, against the plain values;
/// straight strips and rectangles are met.
#[test]
fn hooks_agree_with_plain_values_on_every_set_of_cells() {
    for (rows, cols) in [(4, 4), (3, 5), (5, 3), (2, 7), (1, 12), (12, 1), (2, 4), (3, 3)] {
        let game = Cram::new(rows, cols).unwrap();
        let values = plain_values(&game);
        let value_of = |set: u64| Nimber::new(values[usize::try_from(set).unwrap()].into());
        let (mut strips, mut rectangles) = (0, 0);
        for set in 0u64..1 << (rows * cols) {
            check_hooks(&game, set, &value_of);
            strips += usize::from(game.known_value(&set).is_some());
            rectangles += usize::from(game.known_outcome(&set).is_some());
        }
        assert!(strips > 0 && rectangles > 0, "{rows}x{cols}");
    }
}

/// The pairs of sides with at most `cells` cells.
fn sides(cells: u32) -> Vec<(u32, u32)> {
    (1..=cells).flat_map(|r| (1..=cells / r).map(move |c| (r, c))).collect()
}

proptest! {
    /// On random boards of up to 10 cells, every hook agrees with plain recursion
    /// (`naive::value`), and so do both of the solver's methods.
    #[test]
    fn hooks_agree_with_naive_recursion(
        (rows, cols) in prop::sample::select(sides(10)),
        bits in any::<u64>(),
    ) {
        let game = Cram::new(rows, cols).unwrap();
        let set = bits & game.start();
        check_hooks(&game, set, &|p| naive::value(&game, &p));
        let plain = naive::value(&game, &set);
        prop_assert_eq!(Solver::new(&game).value(&set).unwrap(), plain);
        let pruned = Config::default().with_method(Method::Pruned);
        prop_assert_eq!(Solver::with_config(&game, pruned).value(&set).unwrap(), plain);
        let board = game.board(set).unwrap();
        prop_assert_eq!(board.to_string().parse::<CramBoard>().unwrap(), board);
        prop_assert_eq!(board.game(), game);
    }

    /// Text round trips on every board size, and any text parses or is refused with an error
    /// that names it.
    #[test]
    fn text_round_trips(
        (rows, cols) in prop::sample::select(sides(64)),
        bits in any::<u64>(),
        text in "[.#x/0-9a ]{0,20}",
    ) {
        let board = CramBoard::with_empty(rows, cols, bits & CramBoard::new(rows, cols).unwrap().empty()).unwrap();
        prop_assert_eq!(board.to_string().parse::<CramBoard>().unwrap(), board);
        match text.parse::<CramBoard>() {
            Ok(parsed) => prop_assert_eq!(parsed.to_string().parse::<CramBoard>().unwrap(), parsed),
            Err(e) => {
                let message = e.to_string();
                prop_assert!(message.contains(&text) || message.contains('x'), "{}", message);
            }
        }
    }
}

/// A straight strip of `n` cells is the octal game 0.07 (Dawson's Kayles), across or down.
#[test]
fn strips_are_dawsons_kayles() {
    // 0.07 by its definition: take two neighbouring tokens, leaving the heaps on either side.
    let mut dawson = vec![0u64, 0];
    for n in 2..=64usize {
        let seen: Vec<Nimber> =
            (0..n - 1).map(|a| Nimber::new(dawson[a] ^ dawson[n - 2 - a])).collect();
        dawson.push(grundy_core::mex(seen).value());
    }
    for n in 1..=14u32 {
        for game in [Cram::new(1, n).unwrap(), Cram::new(n, 1).unwrap()] {
            let plain = plain_values(&game)[usize::try_from(game.start()).unwrap()];
            assert_eq!(u64::from(plain), dawson[n as usize], "{n} cells");
        }
    }
    for n in 1..=64u32 {
        let expected = Nimber::new(dawson[n as usize]);
        for game in [Cram::new(1, n).unwrap(), Cram::new(n, 1).unwrap()] {
            assert_eq!(game.known_value(&game.start()), Some(expected), "{n} cells");
        }
    }
    // A strip inside a larger board: the middle row of a 3 x 7 board.
    let game = Cram::new(3, 7).unwrap();
    assert_eq!(game.known_value(&(0x7f << 7)), Some(Nimber::new(dawson[7])));
}

/// Rectangles: even by even is a second-player win (mirror through the centre), odd by even a
/// first-player win (the central domino, then mirror); odd by odd is not decided by symmetry.
#[test]
fn rectangles_follow_the_symmetry_strategies() {
    for (rows, cols) in [(2, 2), (2, 4), (4, 2), (4, 4), (2, 6), (2, 8)] {
        let game = Cram::new(rows, cols).unwrap();
        let values = plain_values(&game);
        assert_eq!(values[usize::try_from(game.start()).unwrap()], 0, "{rows}x{cols}");
        assert_eq!(game.known_outcome(&game.start()), Some(Outcome::P));
    }
    for (rows, cols) in [(1, 2), (3, 2), (2, 3), (3, 4), (5, 2), (2, 7), (1, 10)] {
        let game = Cram::new(rows, cols).unwrap();
        let values = plain_values(&game);
        assert_ne!(values[usize::try_from(game.start()).unwrap()], 0, "{rows}x{cols}");
        assert_eq!(game.known_outcome(&game.start()), Some(Outcome::N));
    }
    let game = Cram::new(3, 5).unwrap();
    assert_eq!(game.known_outcome(&game.start()), None);
    // Larger boards by the solver (igsolve: 4 x 5 is *2; 6 x 6 is P by symmetry).
    let game = Cram::new(4, 5).unwrap();
    assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), Nimber::new(2));
    let game = Cram::new(4, 4).unwrap();
    assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), Nimber::ZERO);
    let game = Cram::new(3, 3).unwrap();
    let moves = Solver::new(&game).winning_moves(&game.start()).unwrap();
    assert!(moves.is_empty(), "3 x 3 Cram is a second-player win: {moves:x?}");
}

/// The move order: vertical dominoes first, the middle column's first.
#[test]
fn moves_are_ordered_from_the_middle() {
    let game = Cram::new(4, 9).unwrap();
    let mut moves = game.move_list(&game.start());
    game.order_moves(&game.start(), &mut moves);
    assert_eq!(moves[0], 1 << 4 | 1 << 13);
    assert_eq!(game.domino(moves[0]), Some([(0, 4), (1, 4)]));
    let vertical = |m: &u64| game.domino(*m).is_some_and(|[a, b]| a.1 == b.1);
    assert!(moves.is_sorted_by_key(|m| !vertical(m)));
}

#[test]
fn text_form_and_errors() {
    let board: CramBoard = "5x7".parse().unwrap();
    assert_eq!((board.rows(), board.cols(), board.empty()), (5, 7, (1 << 35) - 1));
    assert_eq!(board.to_string(), "5x7");
    let board: CramBoard = " ..#.\n....\n".parse().unwrap();
    assert_eq!(board.to_string(), "..#./....");
    assert_eq!(board.empty(), 0b1111_1011);
    assert_eq!("####".parse::<CramBoard>().unwrap().empty(), 0);
    let full: CramBoard = "8x8".parse().unwrap();
    assert_eq!(full.empty(), u64::MAX);
    assert_eq!("1x64".parse::<CramBoard>().unwrap().to_string(), "1x64");

    let err = |text: &str| text.parse::<CramBoard>().unwrap_err();
    assert_eq!(err("0x5"), CramError::NoCells { rows: 0, cols: 5 });
    assert_eq!(err("9x9"), CramError::TooManyCells { rows: 9, cols: 9, cells: 81 });
    assert_eq!(
        err("4294967295x5"),
        CramError::TooManyCells { rows: 4_294_967_295, cols: 5, cells: 21_474_836_475 }
    );
    // A side past u32 is named as written, not as a number it was cut down to.
    for (text, side) in [("99999999999x5", "99999999999"), ("5x 4294967296", "4294967296")] {
        assert_eq!(err(text), CramError::SideTooLarge { text: text.into(), side: side.into() });
        assert!(err(text).to_string().contains(side), "{}", err(text));
    }
    assert_eq!(
        err("..a/..."),
        CramError::BadCell { text: "..a/...".into(), found: 'a', row: 1, col: 3 }
    );
    assert_eq!(
        err("../..."),
        CramError::Ragged { text: "../...".into(), row: 2, found: 3, expected: 2 }
    );
    for bad in ["", "5x", "x7", "5x7x2", "-1x3", "//"] {
        let message = err(bad).to_string();
        assert!(message.contains(&format!("'{bad}'")) || message.contains("no cells"), "{message}");
    }
    assert!(matches!(err(&".".repeat(65)), CramError::TooManyCells { cells: 65, .. }));
    assert_eq!(
        CramBoard::with_empty(2, 2, 0b1_0001),
        Err(CramError::OutsideBoard { rows: 2, cols: 2, empty: 0b1_0001, outside: 0b1_0000 })
    );
    assert_eq!(Cram::new(1, 65), Err(CramError::TooManyCells { rows: 1, cols: 65, cells: 65 }));
    assert!(Cram::new(u32::MAX, u32::MAX).is_err());
    assert_eq!(MAX_CELLS, 64);
    let game = Cram::new(2, 3).unwrap();
    assert_eq!(game.cell(1, 2), Some(1 << 5));
    assert_eq!(game.cell(2, 0), None);
    assert_eq!(game.domino(0b11), Some([(0, 0), (0, 1)]));
    assert_eq!(game.domino(0b1100), None, "not neighbours: (0, 2) and (1, 0)");
    assert_eq!(game.domino(0b1001), Some([(0, 0), (1, 0)]));
}

/// A search is reproducible: two fresh solvers visit the same positions, so their counters
/// agree to the last node. Cram 5 x 7 stores enough facts to move them to the compact
/// table, in the order of the general table, which decides where each goes and what a full
/// bucket keeps.
#[test]
fn a_search_is_the_same_from_run_to_run() {
    let game = Cram::new(5, 7).unwrap();
    let config = Config::default().with_table_bytes(64 << 20);
    let solve = || {
        let mut solver = Solver::with_config(&game, config.clone());
        let value = solver.value(&game.start()).unwrap();
        assert!(solver.compact_table().is_some(), "the facts moved to the compact table");
        (value, solver.stats(), solver.table_stats())
    };
    let first = solve();
    assert_eq!(first.0, Nimber::new(1));
    assert_eq!(first, solve());
}

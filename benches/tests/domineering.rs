//! Domineering (`grundy_benches::Domineering`) against the reference solver
//! (`grundy_partizan::naive::canonical_form`, which ignores components and symmetries) and
//! known values.

use grundy_benches::{Board, BoardError, Domineering};
use grundy_partizan::{GameStore, PartizanRuleset, naive, solve};
use proptest::prelude::*;

fn board(text: &str) -> Board {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The value of a board by the reference and by the solver, which must agree; the reference's
/// value printed in CGSuite's notation.
fn value(text: &str) -> String {
    let b = board(text);
    let mut store = GameStore::new();
    let plain = naive::canonical_form(&Domineering, &b, &mut store);
    let hooked = solve::canonical_form(&Domineering, &b, &mut store);
    assert_eq!(hooked, plain, "{text}: the solver disagrees with the reference");
    store.display(plain).to_string()
}

/// The transposed board (rows become columns): it swaps the players.
fn transpose(b: &Board) -> Board {
    let rows: Vec<String> = (0..b.cols())
        .map(|c| (0..b.rows()).map(|r| if b.is_empty_cell(r, c) { '.' } else { '#' }).collect())
        .collect();
    board(&rows.join("|"))
}

/// Small boards whose values are textbook (Winning Ways, Lessons in Play) or the values
/// cgt-tools' own tests give for the same boards; both solvers must find them.
#[test]
fn small_boards_have_their_known_values() {
    for (text, expected) in [
        (".", "0"),
        (".|.", "1"), // 2 rows, 1 column: one vertical domino for Left
        ("..", "-1"), // 1 row, 2 columns: one horizontal domino for Right
        ("..|..", "±1"),
        (".|.|.", "1"),       // Left's domino leaves a single cell: {0|} = 1
        (".|.|.|.", "2"),     // {0, 1|} = 2
        (".|.|.|.|.|.", "3"), // n × 1 is floor(n/2)
        ("....", "-2"),
        ("...|...|...", "±1"),
        ("...|...", "{2|-1/2}"), // 2 × 3
        (".#|..", "*"),
        (".##|.##|...", "0"),
        ("..#|..#|...", "{1/2|-2}"),
        (".#.#|.#..", "1*"),
        ("#...|....|....|....", "{1*|-1*}"),
    ] {
        assert_eq!(value(text), expected, "board {text}");
    }
}

/// 4 × 4 and the 4 × 5 / 5 × 4 pair by the solver alone (the reference agrees on 4 × 4);
/// 4 × 5 = 1 and 5 × 4 = -1 as cgt-tools computes them.
#[test]
fn rectangles_up_to_twenty_cells() {
    let mut store = GameStore::new();
    let four = Board::empty(4, 4).unwrap();
    let g = solve::canonical_form(&Domineering, &four, &mut store);
    assert_eq!(g, naive::canonical_form(&Domineering, &four, &mut store));
    // The 4 × 4 board is its own transposition: its value is its own negative's mirror.
    let minus = store.neg(g);
    assert_eq!(minus, g, "4 × 4 = -(4 × 4) as the transposition swaps the players");
    let cgt_4x4 =
        "{0, {{2|0}, {2|{2|0}}|{2|0}, {{2|0}|0}}|0, {{0|-2}, {0|{0|-2}}|{0|-2}, {{0|-2}|-2}}}";
    assert_eq!(g, store.parse(cgt_4x4).unwrap());
    let g = solve::canonical_form(&Domineering, &Board::empty(4, 5).unwrap(), &mut store);
    assert_eq!(store.display(g).to_string(), "1");
    let g = solve::canonical_form(&Domineering, &Board::empty(5, 4).unwrap(), &mut store);
    assert_eq!(store.display(g).to_string(), "-1");
}

/// 5 × 5 = 0 (as cgt-tools finds it), by the solver (a fraction of a second).
#[test]
fn five_by_five_is_zero() {
    let mut store = GameStore::new();
    let g = solve::canonical_form(&Domineering, &Board::empty(5, 5).unwrap(), &mut store);
    assert_eq!(g, store.zero());
}

/// 4 × 7 = 1, 7 × 4 = -1 and 5 × 6 = -3/2, as cgt-tools finds them (35 s, 37 s and 200 s
/// there; 3 s, 3 s and 16 s here in release).
/// `cargo test --release -p grundy-benches --test domineering -- --ignored`
#[test]
#[ignore = "about 15 s in release"]
fn larger_rectangles() {
    let mut store = GameStore::new();
    for (rows, cols, expected) in [(4, 7, "1"), (7, 4, "-1"), (5, 6, "-3/2")] {
        let g = solve::canonical_form(&Domineering, &Board::empty(rows, cols).unwrap(), &mut store);
        assert_eq!(store.display(g).to_string(), expected, "{rows} x {cols}");
    }
}

#[test]
fn board_text_round_trips_and_errors() {
    for text in [".", "..#|#..", "#|.|.", "........|........"] {
        assert_eq!(board(text).to_string(), text);
    }
    assert_eq!(Board::empty(2, 3).unwrap().to_string(), "...|...");
    assert_eq!(Board::empty(8, 8).unwrap().empty_cells(), 64);
    assert_eq!("..x".parse::<Board>(), Err(BoardError::Character { found: 'x', position: 2 }));
    assert_eq!("..|.".parse::<Board>(), Err(BoardError::Ragged { row: 1, len: 1, expected: 2 }));
    assert_eq!("".parse::<Board>(), Err(BoardError::Size { rows: 1, cols: 0 }));
    assert_eq!(Board::empty(5, 13), Err(BoardError::Size { rows: 5, cols: 13 }));
    assert_eq!(Board::empty(0, 3), Err(BoardError::Size { rows: 0, cols: 3 }));
}

/// Components are the connected regions, cropped; regions without moves are dropped; keys are
/// the same for mirror images.
#[test]
fn components_and_keys() {
    let mut parts = Vec::new();
    Domineering.components(&board("..#.|#.#.|##.#"), &mut parts);
    // Regions: {(0,0),(0,1),(1,1)} (an L), {(0,3),(1,3)} (a vertical pair), {(2,2)} (dropped).
    assert_eq!(parts, vec![board("..|#."), board(".|.")]);
    let key = |t: &str| Domineering.canonical_key(&board(t));
    assert_eq!(key("..|#."), key("..|.#"));
    assert_eq!(key("..|#."), key("#.|.."));
    assert_eq!(key("..|#."), key(".#|.."));
    assert_eq!(key("##|#.|#."), key(".|."));
}

fn boards() -> impl Strategy<Value = Board> {
    (1usize..=4, 1usize..=4, any::<u16>()).prop_map(|(rows, cols, bits)| {
        let text: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols).map(|c| if bits >> (r * cols + c) & 1 == 1 { '#' } else { '.' }).collect()
            })
            .collect();
        board(&text.join("|"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On every board up to 4 × 4 with covered cells, the solver (components, mirror keys)
    /// agrees with the reference; mirror images have the same value and the transposed board
    /// the negative value.
    #[test]
    fn solver_agrees_with_the_reference(b in boards()) {
        let mut store = GameStore::new();
        let plain = naive::canonical_form(&Domineering, &b, &mut store);
        prop_assert_eq!(solve::canonical_form(&Domineering, &b, &mut store), plain);
        let t = transpose(&b);
        let minus = naive::canonical_form(&Domineering, &t, &mut store);
        prop_assert_eq!(store.neg(plain), minus);
        let key = Domineering.canonical_key(&b);
        prop_assert_eq!(naive::canonical_form(&Domineering, &key, &mut store), plain);
    }
}

//! Text forms of boards: parsing, display, round trips and every error.

use grundy_transverse_wave::{BoolMatrix, Grid, ParseError};
use proptest::prelude::*;

fn matrix(rows: usize, cols: usize) -> impl Strategy<Value = BoolMatrix> {
    (1..=rows, 1..=cols).prop_flat_map(|(m, n)| {
        prop::collection::vec(any::<bool>(), m * n)
            .prop_map(move |cells| BoolMatrix::from_fn(m, n, |r, c| cells[r * n + c]))
    })
}

#[test]
fn matrix_text_forms() {
    let m: BoolMatrix = "  1 0 1\n0 1 1  ".parse().unwrap();
    assert_eq!((m.rows(), m.cols()), (2, 3));
    assert_eq!(m.to_string(), "101/011");
    assert_eq!(format!("{m:#}"), "101\n011");
    assert_eq!(m, "101/011".parse().unwrap());
    assert_eq!(m, "101\r\n011\r\n".parse().unwrap());
    assert_eq!(format!("{m:?}"), "BoolMatrix(2x3 \"101/011\")");
}

#[test]
fn grid_text_forms() {
    let g: Grid = "gGp/P g g".parse().unwrap();
    assert_eq!(g.to_string(), "ggp/pgg");
    assert_eq!(format!("{g:#}"), "ggp\npgg");
    assert!(g.is_green(0, 0) && !g.is_green(0, 2) && !g.is_green(1, 0));
    // Green is the 1 of Crosswise AND and the 0 of Crosswise OR.
    assert_eq!(g.as_matrix().to_string(), "110/011");
    assert_eq!(g.to_or_matrix().to_string(), "001/100");
    assert_eq!(Grid::from_or_matrix(&g.to_or_matrix()), g);
    assert_eq!(Grid::from_matrix(g.clone().into_matrix()), g);
}

#[test]
fn every_parse_error() {
    assert_eq!("".parse::<BoolMatrix>(), Err(ParseError::Empty));
    assert_eq!("  \n ".parse::<Grid>(), Err(ParseError::Empty));
    assert_eq!("10//01".parse::<BoolMatrix>(), Err(ParseError::EmptyRow { row: 2 }));
    assert_eq!("10\n  \n01".parse::<BoolMatrix>(), Err(ParseError::EmptyRow { row: 2 }));
    assert_eq!(
        "10/011".parse::<BoolMatrix>(),
        Err(ParseError::Ragged { row: 2, expected: 2, found: 3 })
    );
    assert_eq!(
        "10/0 2".parse::<BoolMatrix>(),
        Err(ParseError::BadChar { row: 2, column: 2, ch: '2', expected: "0 or 1" })
    );
    assert_eq!(
        "gp/gx".parse::<Grid>(),
        Err(ParseError::BadChar { row: 2, column: 2, ch: 'x', expected: "g or p" })
    );
    assert_eq!(
        "gp/g1".parse::<Grid>().unwrap_err().to_string(),
        "bad character '1' at row 2, column 2: expected g or p"
    );
    assert_eq!(BoolMatrix::from_rows(Vec::<Vec<bool>>::new()), Err(ParseError::Empty));
    assert_eq!(
        BoolMatrix::from_rows(vec![vec![true], vec![]]),
        Err(ParseError::EmptyRow { row: 2 })
    );
    assert_eq!(
        Grid::from_purple_columns(3, &[vec![0], vec![3]]),
        Err(ParseError::ColumnOutOfRange { row: 2, column: 3, cols: 3 })
    );
    assert_eq!(
        BoolMatrix::try_new(usize::MAX, 128),
        Err(ParseError::TooLarge { rows: usize::MAX, cols: 128 })
    );
    assert!(matches!(Grid::from_shorthand("(01"), Err(ParseError::Shorthand { position: 1, .. })));
    assert!(matches!(
        Grid::from_shorthand("(0(1))"),
        Err(ParseError::Shorthand { position: 3, .. })
    ));
    assert!(matches!(
        Grid::from_shorthand("(01) x"),
        Err(ParseError::Shorthand { position: 6, .. })
    ));
    assert!(matches!(Grid::from_shorthand("01)"), Err(ParseError::Shorthand { position: 3, .. })));
    assert!(matches!(Grid::from_shorthand("()"), Err(ParseError::Shorthand { .. })));
    assert_eq!(Grid::from_shorthand("3"), Err(ParseError::Empty));
    // Messages count from 1 and name the place.
    assert_eq!(
        ParseError::Ragged { row: 2, expected: 2, found: 3 }.to_string(),
        "row 2 has 3 cells, but row 1 has 2"
    );
}

#[test]
fn shorthand_of_the_paper() {
    // Table 2's *3: rows (01) and (2), and a column 3 purple nowhere.
    let g = Grid::from_shorthand("(01) (2) 3").unwrap();
    assert_eq!(g.to_string(), "ppgg/ggpg");
    assert_eq!(g.shorthand(), "(01) (2) 3");
    // Digits run together inside parentheses; separators allow larger columns.
    let big = Grid::from_shorthand("(0, 11) (10,) 12").unwrap();
    assert_eq!((big.rows(), big.cols()), (2, 13));
    assert_eq!(big.shorthand(), "(0,11) (10,) 1 2 3 4 5 6 7 8 9 12");
    assert_eq!(Grid::from_shorthand(&big.shorthand()).unwrap(), big);
    // An all-green row.
    let g = Grid::from_shorthand("() (0) 1").unwrap();
    assert_eq!(g.to_string(), "gg/pg");
}

#[test]
fn wide_matrices_keep_their_cells() {
    let m = BoolMatrix::from_fn(3, 130, |r, c| (r + c) % 7 == 0);
    let text = m.to_string();
    let back: BoolMatrix = text.parse().unwrap();
    assert_eq!(back, m);
    assert_eq!(m.words_per_row(), 3);
    assert_eq!(m.complement().complement(), m);
    assert_eq!(m.count_ones() + m.complement().count_ones(), 3 * 130);
    assert_eq!(m.transpose().transpose(), m);
    assert!(m.get(0, 126) && !m.get(0, 127) && m.get(1, 125));
}

proptest! {
    #[test]
    fn matrix_round_trip(m in matrix(9, 70)) {
        prop_assert_eq!(m.to_string().parse::<BoolMatrix>().unwrap(), m.clone());
        prop_assert_eq!(format!("{m:#}").parse::<BoolMatrix>().unwrap(), m);
    }

    #[test]
    fn grid_round_trip(m in matrix(9, 70)) {
        let g = Grid::from_matrix(m);
        prop_assert_eq!(g.to_string().parse::<Grid>().unwrap(), g.clone());
        prop_assert_eq!(format!("{g:#}").to_uppercase().parse::<Grid>().unwrap(), g.clone());
        prop_assert_eq!(Grid::from_shorthand(&g.shorthand()).unwrap(), g);
    }
}

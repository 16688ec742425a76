//! Fuzz targets for the boards of grundy-transverse-wave: [`Grid`]'s `FromStr` (`g`/`p` rows),
//! the paper's shorthand ([`Grid::from_shorthand`]) and [`BoolMatrix`]'s `FromStr` (`0`/`1`
//! rows). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed board prints to a text that
//! parses back to it (the shorthand too), the case ends within a time bound and the process's
//! peak resident memory stays under 1 GiB. Allocation bound (from the code): `g`/`p` and `0`/`1`
//! boards hold O(input length) (every cell is a character); a shorthand board of `r` rows (at
//! least 2 bytes each) has fewer than [`Grid::MAX_SHORTHAND_COLS`] = 65 536 columns, so it holds
//! at most 8 KiB per row, 4 KiB per input byte.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-transverse-wave --test fuzz`.

use grundy_transverse_wave::{BoolMatrix, Grid, ParseError};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "ppgggg/ggpppg/pggpgp",
    "gpg\npgp",
    "101/011",
    "1 0 1 / 0 1 1",
    "(01) (234) (035)",
    "(2578) 1",
    "(0, 12) ()",
    "(12,) 3",
];
const PIECES: &[&str] =
    &["g", "p", "G", "P", "0", "1", "/", "\n", " ", "(", ")", ",", "12", "65535"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_grid(text in inputs("[gpGP/ \n]{0,40}", SEEDS, PIECES)) {
        if let Ok(grid) = bounded(&text, str::parse::<Grid>) {
            assert!(grid.rows() * grid.cols() <= text.len());
            round_trips(&grid);
        }
    }

    #[test]
    fn fuzz_bool_matrix(text in inputs("[01/ \n]{0,40}", SEEDS, PIECES)) {
        if let Ok(m) = bounded(&text, str::parse::<BoolMatrix>) {
            assert!(m.rows() * m.cols() <= text.len());
            round_trips(&m);
        }
    }

    #[test]
    fn fuzz_shorthand(text in inputs("[0-9(), ]{0,40}", SEEDS, PIECES)) {
        if let Ok(grid) = bounded(&text, Grid::from_shorthand) {
            assert!(grid.cols() <= Grid::MAX_SHORTHAND_COLS);
            assert!(grid.rows() <= text.len() / 2);
            assert_eq!(Grid::from_shorthand(&grid.shorthand()), Ok(grid));
        }
    }
}

/// Regression (found while writing these targets): a column number in the shorthand sized
/// the board, so `() 99999999999999` (17 bytes) asked for a board of 10^14 columns, about
/// 12 TB: an abort on allocation failure rather than an error. Columns are now capped at
/// [`Grid::MAX_SHORTHAND_COLS`].
#[test]
fn huge_shorthand_column_is_refused() {
    for text in ["() 99999999999999", "(0, 18446744073709551614)", "(1) 65536"] {
        assert!(matches!(Grid::from_shorthand(text), Err(ParseError::TooLarge { .. })), "{text}");
    }
    let widest = bounded("(0) 65535", Grid::from_shorthand).unwrap();
    assert_eq!(widest.cols(), Grid::MAX_SHORTHAND_COLS);
}

/// Long texts: boards of 100 000 cells, and numbers of any length refused.
#[test]
fn long_inputs_stay_within_bounds() {
    let row = "gp".repeat(50_000);
    assert_eq!(bounded(&row, str::parse::<Grid>).unwrap().cols(), 100_000);
    let rows = vec!["10"; 50_000].join("/");
    assert_eq!(bounded(&rows, str::parse::<BoolMatrix>).unwrap().rows(), 50_000);
    let long = format!("() {}", "9".repeat(100_000));
    assert!(bounded(&long, Grid::from_shorthand).is_err());
    // The widest boards: 5 000 rows of 65 536 columns (15 KB of text) hold 40 MiB.
    let many_rows = "() ".repeat(5_000) + "65535";
    assert_eq!(bounded(&many_rows, Grid::from_shorthand).unwrap().rows(), 5_000);
}

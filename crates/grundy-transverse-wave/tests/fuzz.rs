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

// ---------------------------------------------------------------------------------------------
// Harness shared by the fuzz targets of every crate (the same text in each `tests/fuzz.rs`).
// ---------------------------------------------------------------------------------------------

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;

/// The most resident memory the fuzz process may reach (checked every 256 cases from
/// `/proc/self/status` where it exists): a case that allocated beyond the stated bounds of
/// the target would push the peak past it.
const PEAK_RSS: u64 = 1 << 30;

/// Cases run by this process, to read the peak resident memory now and then.
static CASES: AtomicUsize = AtomicUsize::new(0);

/// The peak resident memory of the process in bytes (`VmHWM`), where Linux tells it.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The longest a single case may take (debug builds included); a slower case is a hang.
const CASE_TIME: Duration = Duration::from_secs(2);

/// Cases per property: `GRUNDY_FUZZ_CASES` (default 2000, the short run of CI).
fn config() -> ProptestConfig {
    let cases =
        std::env::var("GRUNDY_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    ProptestConfig::with_cases(cases)
}

/// Runs `f` on `input` and asserts that it takes under [`CASE_TIME`]; every 256 cases, that
/// the process's peak resident memory is under [`PEAK_RSS`].
fn bounded<R>(input: &str, f: impl FnOnce(&str) -> R) -> R {
    let start = Instant::now();
    let result = f(input);
    let elapsed = start.elapsed();
    assert!(elapsed <= CASE_TIME, "{input:?} took {elapsed:?}");
    if CASES.fetch_add(1, Ordering::Relaxed) % 256 == 0 {
        if let Some(rss) = peak_rss() {
            assert!(rss <= PEAK_RSS, "peak RSS {rss} bytes after {input:?}");
        }
    }
    result
}

/// Asserts that `value` prints to a text that parses back to it.
fn round_trips<T>(value: &T)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Debug,
{
    let text = value.to_string();
    let back = text.parse::<T>();
    assert_eq!(
        back.as_ref().ok(),
        Some(value),
        "{value:?} printed as {text:?}, read back as {back:?}"
    );
}

/// Numbers at the edges of the integer types and of the crates' limits, spliced into inputs.
const HUGE: &[&str] = &[
    "99999999999999999999",
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775807",
    "-9223372036854775808",
    "4294967295",
    "4294967296",
    "1048575",
    "1048576",
    "65536",
    "0",
    "-1",
    "",
    " ",
    "\n",
    "\u{0}",
    "é",
    "∪",
];

/// A valid input from `seeds` with up to six edits: insert, delete or replace a character,
/// the inserted text drawn from `pieces` (the crate's alphabet) or [`HUGE`].
fn mutated(
    seeds: &'static [&'static str],
    pieces: &'static [&'static str],
) -> impl Strategy<Value = String> {
    let piece = prop_oneof![prop::sample::select(pieces), prop::sample::select(HUGE)];
    (prop::sample::select(seeds), prop::collection::vec((0u8..3, any::<Index>(), piece), 0..6))
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<char> = seed.chars().collect();
            for (op, at, piece) in edits {
                let i = at.index(chars.len() + 1);
                match op {
                    0 => {
                        chars.splice(i..i, piece.chars());
                    }
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ if i < chars.len() => {
                        chars.splice(i..=i, piece.chars());
                    }
                    _ => chars.extend(piece.chars()),
                }
            }
            chars.into_iter().collect()
        })
}

/// Any text (`\PC*`), text over `alphabet` (a regex) and mutations of `seeds`.
fn inputs(
    alphabet: &'static str,
    seeds: &'static [&'static str],
    pieces: &'static [&'static str],
) -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,40}",
        proptest::string::string_regex(alphabet).expect("a valid regex"),
        mutated(seeds, pieces),
    ]
}

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

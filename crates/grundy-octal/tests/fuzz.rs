//! Fuzz targets for the text forms of grundy-octal: octal and hexadecimal codes ([`Code`]),
//! rules (a code, `grundy` or a subtraction set `{1,2,5}`: [`Rules`]), heap lists ([`Heaps`])
//! and rows of dots ([`Dots`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed value prints to a text that
//! parses back to it, codes have at most [`MAX_DIGITS`] digits after the point, the case ends
//! within a time bound and the process's peak resident memory stays under 1 GiB. Allocation
//! bound (from the code): O(input length) for every parser: a code or subtraction set holds at
//! most `MAX_DIGITS + 1` digits (a subtraction amount above it is refused before the digit
//! table is made), heaps are `u64` (longer numbers are refused), a row of dots one byte per dot.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-octal --test fuzz`.

use grundy_octal::{Code, Dots, Heaps, MAX_DIGITS, Rules};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "0.07",
    "0.137",
    "4.0",
    "0x0.f",
    "0X8.1",
    "0.777777777777",
    "grundy",
    "{1,2,5}",
    "{ 3 }",
    "1 2 3",
    "5,7, 9",
    "..x..x.",
];
const PIECES: &[&str] =
    &[".", "0", "3", "4", "7", "8", "f", "x", "X", "{", "}", ",", " ", "0x", "grundy", "64", "65"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_code(text in inputs("(0[xX])?[0-9a-fA-F]?\\.?[0-9a-fA-F]{0,70}", SEEDS, PIECES)) {
        if let Ok(code) = bounded(&text, str::parse::<Code>) {
            assert!(code.digits().len() <= MAX_DIGITS + 1);
            round_trips(&code);
        }
    }

    #[test]
    fn fuzz_rules(text in inputs("\\{?[0-9, ]{0,30}\\}?|grundy|[0-9]\\.[0-7]{0,20}", SEEDS, PIECES)) {
        if let Ok(rules) = bounded(&text, str::parse::<Rules>) {
            assert!(rules.max_take() <= MAX_DIGITS);
            round_trips(&rules);
        }
    }

    #[test]
    fn fuzz_heaps(text in inputs("[0-9 ,\n+\\-]{0,40}", SEEDS, PIECES)) {
        if let Ok(heaps) = bounded(&text, str::parse::<Heaps>) {
            assert!(heaps.heaps().len() <= text.len());
            round_trips(&heaps);
        }
    }

    #[test]
    fn fuzz_dots(text in inputs("[.xXo ]{0,40}", SEEDS, PIECES)) {
        if let Ok(dots) = bounded(&text, str::parse::<Dots>) {
            assert!(dots.len() <= text.len());
            round_trips(&dots);
        }
    }
}

/// Huge amounts and long texts are refused without allocating a digit table for them.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    for text in [
        format!("{{{long}}}"),
        "{18446744073709551615}".to_owned(),
        format!("{{1,{}}}", MAX_DIGITS + 1),
        format!("0.{}", "7".repeat(100_000)),
        long.clone(),
    ] {
        assert!(bounded(&text, str::parse::<Rules>).is_err(), "{text:.40}");
    }
    assert!(bounded(&long, str::parse::<Heaps>).is_err());
    assert!(bounded(&format!("0.{}", "7".repeat(MAX_DIGITS + 1)), str::parse::<Code>).is_err());
}

//! Fuzz targets for the text forms of grundy-nim: heap lists of any size ([`Heaps`], heaps
//! are big integers) and Boolean Nim rows ([`BoolHeaps`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed value prints to a text that
//! parses back to it, no more heaps than the text has bytes, the case ends within a time bound
//! and the process's peak resident memory stays under 1 GiB. Allocation bound (from the code):
//! O(input length): a heap of `k` decimal digits takes about `k × 0.42` bytes (heaps have no
//! size limit by design, so a long number is a big heap, not an error), a Boolean heap one bit.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-nim --test fuzz`.

use grundy_nim::{BoolHeaps, Heaps};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] =
    &["1 2 3", "5,7, 9", "+4 0", "", "1001101", "0", "340282366920938463463374607431768211456"];
const PIECES: &[&str] = &["0", "1", "9", " ", ",", "+", "-", "\t", "x"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_heaps(text in inputs("[0-9 ,\n+\\-]{0,60}", SEEDS, PIECES)) {
        if let Ok(heaps) = bounded(&text, str::parse::<Heaps>) {
            assert!(heaps.len() <= text.len());
            round_trips(&heaps);
        }
    }

    #[test]
    fn fuzz_bool_heaps(text in inputs("[01 ]{0,80}", SEEDS, PIECES)) {
        if let Ok(heaps) = bounded(&text, str::parse::<BoolHeaps>) {
            assert!(heaps.len() <= text.len());
            round_trips(&heaps);
        }
    }
}

/// A heap of 100 000 digits is a big heap (Nim heaps have no size limit), parsed in time and
/// held in about 42 KB; a long Boolean row is one bit per heap.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    let heaps = bounded(&long, str::parse::<Heaps>).unwrap();
    assert_eq!(heaps.heaps()[0].bits(), 332_193);
    let row = "10".repeat(100_000);
    assert_eq!(bounded(&row, str::parse::<BoolHeaps>).unwrap().len(), 200_000);
}

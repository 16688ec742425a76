//! Fuzz targets for the text forms of grundy-quantum: Demi-Quantum superpositions
//! ([`Superposition`] of Nim [`Heaps`] or [`BoolHeaps`], rows separated by `/`, collapsed rows
//! `x`) and Quantum positions ([`QuantumPosition`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed position prints to a text
//! that parses back to it, the case ends within a time bound and the process's peak resident
//! memory stays under 1 GiB. Allocation bound (from the code): O(input length): rows are
//! parsed by grundy-nim (a heap of `k` digits about `0.42 k` bytes, a Boolean heap one bit).
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-quantum --test fuzz`.

use grundy_nim::{BoolHeaps, Heaps};
use grundy_quantum::{QuantumPosition, Superposition};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] =
    &["5 3 0\n x \n 1 3 3", "1 2 / 3 4", "1001101 / 0101110 / x", "10/01", "x", "7"];
const PIECES: &[&str] = &["0", "1", "9", " ", "/", "\n", "x", "+", ",", "\t"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_nim_superposition(text in inputs("[0-9x/ \n]{0,40}", SEEDS, PIECES)) {
        if let Ok(p) = bounded(&text, str::parse::<Superposition<Heaps>>) {
            round_trips(&p);
        }
        if let Ok(p) = bounded(&text, str::parse::<QuantumPosition<Heaps>>) {
            round_trips(&p);
        }
    }

    #[test]
    fn fuzz_boolean_superposition(text in inputs("[01x/ \n]{0,40}", SEEDS, PIECES)) {
        if let Ok(p) = bounded(&text, str::parse::<Superposition<BoolHeaps>>) {
            round_trips(&p);
        }
        if let Ok(p) = bounded(&text, str::parse::<QuantumPosition<BoolHeaps>>) {
            round_trips(&p);
        }
    }
}

/// Long rows and long numbers stay linear.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("{long} / 1"), str::parse::<Superposition<Heaps>>).is_ok());
    let rows = vec!["10"; 20_000].join("/");
    assert!(bounded(&rows, str::parse::<QuantumPosition<BoolHeaps>>).is_ok());
}

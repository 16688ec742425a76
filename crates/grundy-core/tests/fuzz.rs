//! Fuzz targets for the text forms of grundy-core: nimbers ([`Nimber`]: `*`, `*n`, `n`) and
//! outcomes ([`Outcome`]: `P`, `N`). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed value prints to a text that
//! parses back to it, the case ends within a time bound and the process's peak resident memory
//! stays under 1 GiB. Allocation bound (from the code): none but the error's copy of the
//! input; nimbers past `u64` are refused.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-core --test fuzz`.

use grundy_core::{Nimber, Outcome};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &["*", "*17", "5", " * ", "0", "P", "n", "*18446744073709551615"];
const PIECES: &[&str] = &["*", "0", "1", "9", " ", "+", "-", "P", "N", "p"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_nimber(text in inputs("[*0-9 +\\-]{0,30}", SEEDS, PIECES)) {
        if let Ok(n) = bounded(&text, str::parse::<Nimber>) {
            round_trips(&n);
        }
    }

    #[test]
    fn fuzz_outcome(text in inputs("[PNpn \n]{0,4}", SEEDS, PIECES)) {
        if let Ok(o) = bounded(&text, str::parse::<Outcome>) {
            round_trips(&o);
        }
    }
}

/// Numbers of any length are refused.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("*{long}"), str::parse::<Nimber>).is_err());
    assert!(bounded(&long, str::parse::<Outcome>).is_err());
}

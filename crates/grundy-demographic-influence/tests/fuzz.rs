//! Fuzz target for the text form of Demographic Influence positions
//! ([`DemographicInfluence::parse`]: `0-1 / 3 -1 0 / 0 1; 2`). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed position prints
//! ([`DemographicInfluence::to_text`]) to a text that parses back to the same game and
//! thresholds, thresholds within [`MIN_THRESHOLD`]`..=`[`MAX_THRESHOLD`], the case ends within
//! a time bound and the process's peak resident memory stays under 1 GiB. Allocation bound
//! (from the code): the order is the number of thresholds written (at least 2 bytes each), so
//! 32 bytes per vertex plus dense bit sets of at most `n/8` bytes per edge end and demographic:
//! O(input length × order) at worst; numbers of any length are refused without allocation.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-demographic-influence --test fuzz`.

use grundy_demographic_influence::{DemographicInfluence, MAX_THRESHOLD, MIN_THRESHOLD};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] =
    &["0-1 / 3 -1 0 / 0 1; 2", "0-1 1-2 / 1 1 1 / 0; 1; 2", " / 0 / ", "/ 4611686018427387904 /"];
const PIECES: &[&str] =
    &["-", ",", " ", "\n", "/", ";", "0", "1", "-1", "0-1", "4611686018427387904"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_demographic_influence(text in inputs("[0-9 ,;/\\-\n]{0,40}", SEEDS, PIECES)) {
        if let Ok((game, theta)) = bounded(&text, DemographicInfluence::parse) {
            assert!(theta.iter().all(|t| (MIN_THRESHOLD..=MAX_THRESHOLD).contains(t)));
            assert!(theta.len() <= text.len());
            let printed = game.to_text(&theta);
            let (again, back) =
                DemographicInfluence::parse(&printed).expect("printed text parses back");
            assert_eq!(back, theta);
            assert_eq!(again.to_text(&back), printed);
        }
    }
}

/// Numbers of any length are refused without being allocated.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("0-{long} / 0 0 / "), DemographicInfluence::parse).is_err());
    assert!(bounded(&format!(" / {long} / "), DemographicInfluence::parse).is_err());
    assert!(bounded(&format!(" / 0 / {long}"), DemographicInfluence::parse).is_err());
}

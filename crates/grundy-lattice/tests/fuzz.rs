//! Fuzz targets for the text forms of grundy-lattice: rule sets ([`RuleSet`]: `2,0 0,1 1,1`),
//! points ([`Point`]: `(3, 0, 1)`) and stratifications ([`Stratification`]:
//! `{(0, 0)} + N{(2, 0); (0, 2)} ∪ {(1, 1)}`). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed value prints to a text that
//! parses back to it, dimensions at most [`MAX_DIMENSION`] and rule entries at most
//! [`MAX_ENTRY`] in absolute value, the case ends within a time bound and the process's peak
//! resident memory stays under 1 GiB. Allocation bound (from the code): O(input length), 8
//! bytes a coordinate; numbers past `i64` are refused.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-lattice --test fuzz`.

use grundy_lattice::{MAX_DIMENSION, MAX_ENTRY, Point, RuleSet, Stratification};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "2,0 0,1 1,1",
    "(2, 0); (0, 1); (1, 1)",
    "1,0 0,1 -1,1",
    "3,0,1",
    "(3, 0, 1)",
    "{(0, 0)} + N{(2, 0); (0, 2)} ∪ {(1, 1)}",
    "∅ ⊂ N^2",
    "{(1)} + N{(1)}",
];
const PIECES: &[&str] = &[
    "(", ")", ",", ";", " ", "-", "+", "0", "1", "2", "{", "}", "N", "∪", "∅", "⊂", "^", "1048577",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_rule_set(text in inputs("[0-9,;() \\-+]{0,40}", SEEDS, PIECES)) {
        if let Ok(rules) = bounded(&text, str::parse::<RuleSet>) {
            assert!(rules.dimension() <= MAX_DIMENSION);
            assert!(rules.vectors().iter().flatten().all(|x| x.abs() <= MAX_ENTRY));
            round_trips(&rules);
        }
    }

    #[test]
    fn fuzz_point(text in inputs("[0-9,() \\-+]{0,40}", SEEDS, PIECES)) {
        if let Ok(p) = bounded(&text, str::parse::<Point>) {
            round_trips(&p);
        }
    }

    #[test]
    fn fuzz_stratification(text in inputs("[0-9,;(){}N+ ∪∅⊂^]{0,40}", SEEDS, PIECES)) {
        if let Ok(s) = bounded(&text, str::parse::<Stratification>) {
            assert!(s.dimension() <= MAX_DIMENSION);
            round_trips(&s);
        }
    }
}

/// Numbers of any length and dimensions past the limit are refused.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("1,{long}"), str::parse::<RuleSet>).is_err());
    assert!(bounded(&format!("1,{long}"), str::parse::<Point>).is_err());
    assert!(bounded(&format!("∅ ⊂ N^{long}"), str::parse::<Stratification>).is_err());
    assert!(bounded("∅ ⊂ N^18446744073709551615", str::parse::<Stratification>).is_err());
    let wide = vec!["1"; MAX_DIMENSION + 1].join(",");
    assert!(bounded(&wide, str::parse::<RuleSet>).is_err());
    let point = vec!["7"; 100_000].join(",");
    assert_eq!(bounded(&point, str::parse::<Point>).unwrap().dimension(), 100_000);
}

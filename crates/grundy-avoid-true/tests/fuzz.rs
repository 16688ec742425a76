//! Fuzz targets for the text forms of grundy-avoid-true: CNF formulas ([`Formula`]) and
//! positions with their sections ([`AvoidTruePosition`]: `...; variables: n; true: x1 x3`).
//! Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed value prints to a text that
//! parses back to it, numbered variables up to [`MAX_NUMBERED_VARIABLE`], the case ends within
//! a time bound and the process's peak resident memory stays under 1 GiB. Allocation bound
//! (from the code): a numbered formula `xk` makes `k ≤ 2^16` names (about 2.5 MiB), and each
//! clause is a dense bit set up to its largest variable, so a formula of `c` clauses over `n`
//! variables holds at most 2.5 MiB + `c × n / 8` bytes: quadratic in the input length at worst
//! (`a1 & a2 & … & an`).
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-avoid-true --test fuzz`.

use grundy_avoid_true::{AvoidTruePosition, Formula, MAX_NUMBERED_VARIABLE};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "(x1 | x2) & (x2 | x3) & x4",
    "(a | b) & c",
    "true",
    "false & x1",
    "(p ∨ q) ∧ ⊤",
    "(x1 | x2); variables: 4; true: x1",
    "a & (b | c); true: b",
    "x65536",
];
const PIECES: &[&str] = &[
    "(",
    ")",
    "|",
    "&",
    "x",
    "1",
    "a",
    " ",
    ";",
    ":",
    "true",
    "false",
    "variables",
    "∨",
    "⊥",
    "x65537",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_formula(text in inputs("[()|& xab1-9]{0,40}", SEEDS, PIECES)) {
        if let Ok(formula) = bounded(&text, str::parse::<Formula>) {
            if formula.is_numbered() {
                assert!(formula.names().len() <= MAX_NUMBERED_VARIABLE);
            } else {
                assert!(formula.names().len() <= text.len());
            }
            round_trips(&formula);
        }
    }

    #[test]
    fn fuzz_position(text in inputs("[()|& x1-9;:]{0,30}(; (true|variables): [x1-9 ]{0,8})?", SEEDS, PIECES)) {
        if let Ok(position) = bounded(&text, str::parse::<AvoidTruePosition>) {
            round_trips(&position);
        }
    }
}

/// Long formulas: 20 000 distinct names (a name is looked up by a linear search of the earlier
/// ones, quadratic in the number of names, still within the time bound here) and variable
/// numbers of any length, refused.
#[test]
fn long_inputs_stay_within_bounds() {
    let names: Vec<String> = (0..20_000).map(|i| format!("v{i}")).collect();
    let text = format!("({})", names.join(" | "));
    assert_eq!(bounded(&text, str::parse::<Formula>).unwrap().names().len(), 20_000);
    let long = format!("x{}", "9".repeat(100_000));
    assert!(bounded(&long, str::parse::<Formula>).is_err());
    assert!(
        bounded(
            &format!("x1; variables: {}", "9".repeat(100_000)),
            str::parse::<AvoidTruePosition>
        )
        .is_err()
    );
    assert!(bounded("x1; variables: 65537", str::parse::<AvoidTruePosition>).is_err());
}

//! The fast method (rare and common values, proved periods) against the plain definition.

use grundy_octal::{Code, Method, Sequence};
use proptest::prelude::*;

/// The values of heaps `0 .. len` of `code` by `method`.
fn values(code: &Code, method: Method, len: usize) -> Vec<u32> {
    let mut s = Sequence::with_method(code.clone(), method);
    s.extend_to(len).unwrap_or_else(|e| panic!("{code}: {e}"));
    s.values().to_vec()
}

/// Fast and plain agree on `code` up to `len`, computed in one go and in uneven steps (the
/// fast method chooses its mask anew at each call).
fn check(text: &str, len: usize) {
    let code: Code = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let plain = values(&code, Method::Plain, len);
    for method in [Method::Fast, Method::RareCommon] {
        let fast = values(&code, method, len);
        let first = plain.iter().zip(&fast).position(|(p, f)| p != f);
        assert_eq!(first, None, "{text} {method:?}: first difference at heap {first:?}");
    }
    let mut stepped = Sequence::with_method(code, Method::Fast);
    for end in [1, 2, 3, 70, 300, 1000, len / 3, len] {
        stepped.extend_to(end.max(stepped.len())).unwrap();
    }
    assert_eq!(stepped.values(), &plain[..], "{text} extended in steps");
}

/// Codes from the literature, for the fixed tests.
const CLASSIC: [&str; 6] = ["0.137", "0.77", "0.6", "0.16", "0.007", "4.07"];

/// Random octal codes: digit 0 is 0 or 4, then one to six digits.
fn code() -> impl Strategy<Value = Code> {
    (prop::bool::ANY, prop::collection::vec(0u8..8, 1..=6)).prop_map(|(split, digits)| {
        let zero = if split { "4" } else { "0" };
        let text: String = digits.iter().map(|d| d.to_string()).collect();
        format!("{zero}.{text}").parse().unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Differential: the fast method gives the plain method's values on random codes.
    #[test]
    fn fast_equals_plain_on_random_codes(code in code()) {
        let plain = values(&code, Method::Plain, 2000);
        let fast = values(&code, Method::Fast, 2000);
        prop_assert_eq!(&plain, &fast, "{}", code);
        let raw = values(&code, Method::RareCommon, 2000);
        prop_assert_eq!(plain, raw, "{} without periods", code);
    }
}

#[test]
fn default_is_fast_and_new_uses_it() {
    assert_eq!(Method::default(), Method::Fast);
    assert_eq!(Sequence::new(Code::kayles()).method(), Method::Fast);
    assert_eq!(Sequence::with_method(Code::kayles(), Method::Plain).method(), Method::Plain);
}

/// The classic codes, including 0.6 and 0.007 (rare values, no period known), 0.16 (rare
/// values; its period is only proved past 500 000), and 0.137, 0.77 and 4.07 (periods proved
/// along the way).
#[test]
fn fast_equals_plain_on_classic_codes() {
    for text in CLASSIC {
        check(text, 20_000);
    }
}

/// The classic codes further out: slow at the test profile's opt-level.
#[test]
#[ignore = "takes over a minute; run with --ignored"]
fn fast_equals_plain_on_classic_codes_to_100000() {
    for text in CLASSIC {
        check(text, 100_000);
    }
}

/// Values that pass 64 and 256 (the plain method's bitmask limit, and a byte), where the fast
/// method's value bitmaps grow: long codes whose values grow with the heap, and short ones
/// whose values pass 64.
#[test]
fn fast_equals_plain_on_large_values() {
    let long = |d: &str, zero: &str, len: usize| format!("{zero}.{}", d.repeat(len));
    for (text, above) in [
        (long("7", "0", 64), 256),
        (long("4", "4", 40), 256),
        (long("6", "0", 30), 256),
        (long("7", "4", 20), 256),
        ("4.0077".to_owned(), 64),
        ("0.74".to_owned(), 64),
        ("0.4444".to_owned(), 64),
    ] {
        let code: Code = text.parse().unwrap();
        let plain = values(&code, Method::Plain, 1500);
        assert!(plain.iter().any(|&v| v > above), "{text}: no value above {above}");
        assert_eq!(values(&code, Method::Fast, 1500), plain, "{text}");
    }
}

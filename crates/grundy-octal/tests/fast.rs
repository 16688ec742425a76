//! The fast method (rare and common values, proved periods) against the plain definition.

use grundy_octal::{Code, Sequence, SequenceMethod};
use proptest::prelude::*;

/// The values of heaps `0 .. len` of `code` by `method`.
fn values(code: &Code, method: SequenceMethod, len: usize) -> Vec<u32> {
    let mut s = Sequence::with_method(code.clone(), method);
    s.extend_to(len).unwrap_or_else(|e| panic!("{code}: {e}"));
    s.values().to_vec()
}

/// Fast and plain agree on `code` up to `len`, computed in one go and in uneven steps (the
/// fast method chooses its mask anew at each call).
fn check(text: &str, len: usize) {
    let code: Code = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let plain = values(&code, SequenceMethod::Plain, len);
    for method in [SequenceMethod::Fast, SequenceMethod::RareCommon] {
        let fast = values(&code, method, len);
        let first = plain.iter().zip(&fast).position(|(p, f)| p != f);
        assert_eq!(first, None, "{text} {method:?}: first difference at heap {first:?}");
    }
    let mut stepped = Sequence::with_method(code, SequenceMethod::Fast);
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
        let plain = values(&code, SequenceMethod::Plain, 2000);
        let fast = values(&code, SequenceMethod::Fast, 2000);
        prop_assert_eq!(&plain, &fast, "{}", code);
        let raw = values(&code, SequenceMethod::RareCommon, 2000);
        prop_assert_eq!(plain, raw, "{} without periods", code);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Differential at random lengths: the rare-and-common method (one split, or one per heap
    /// parity, chosen from the values) gives the plain values on random octal codes, computed
    /// in one go or in two steps (the split is chosen anew at each step).
    #[test]
    fn rare_common_equals_plain_at_random_lengths(code in code(), len in 1usize..6000, cut in 0usize..6000) {
        let plain = values(&code, SequenceMethod::Plain, len);
        prop_assert_eq!(&values(&code, SequenceMethod::RareCommon, len), &plain, "{}", code);
        let mut stepped = Sequence::with_method(code.clone(), SequenceMethod::RareCommon);
        stepped.extend_to(cut.min(len)).unwrap();
        stepped.extend_to(len).unwrap();
        prop_assert_eq!(stepped.values(), &plain[..], "{} in two steps", code);
    }

    /// Hexadecimal codes (three-heap splits, computed by the plain method whatever the method
    /// asked for) at random lengths.
    #[test]
    fn every_method_equals_plain_on_hex_codes(code in hex_code(), len in 1usize..120) {
        let plain = values(&code, SequenceMethod::Plain, len);
        for method in [SequenceMethod::Fast, SequenceMethod::RareCommon] {
            prop_assert_eq!(&values(&code, method, len), &plain, "{} {:?}", code, method);
        }
    }
}

/// Random hexadecimal codes: digit 0 is 0, 4, 8 or c, then one to three hexadecimal digits.
fn hex_code() -> impl Strategy<Value = Code> {
    (0u8..4, prop::collection::vec(0u8..16, 1..=3)).prop_map(|(zero, digits)| {
        let text: String = digits.iter().map(|d| format!("{d:x}")).collect();
        format!("0x{:x}.{text}", zero * 4).parse().unwrap()
    })
}

#[test]
fn default_is_fast_and_new_uses_it() {
    assert_eq!(SequenceMethod::default(), SequenceMethod::Fast);
    assert_eq!(Sequence::new(Code::kayles()).method(), SequenceMethod::Fast);
    assert_eq!(
        Sequence::with_method(Code::kayles(), SequenceMethod::Plain).method(),
        SequenceMethod::Plain
    );
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
        let plain = values(&code, SequenceMethod::Plain, 1500);
        assert!(plain.iter().any(|&v| v > above), "{text}: no value above {above}");
        assert_eq!(values(&code, SequenceMethod::Fast, 1500), plain, "{text}");
    }
}

/// A sequence extended a chunk at a time (as the CLI does, to look at the clock between
/// chunks) keeps reading its values off a period proved in an earlier chunk, and gives the
/// values of one extension and of the method without periods.
#[test]
fn extending_in_chunks_keeps_the_proved_period() {
    for text in ["0.137", "0.07", "4.07", "0.51"] {
        let code: Code = text.parse().unwrap();
        let len = (1 << 18) + 77;
        let whole = values(&code, SequenceMethod::Fast, len);
        let mut chunked = Sequence::with_method(code.clone(), SequenceMethod::Fast);
        let mut chunk = 100;
        while chunked.len() < len {
            chunked.extend_to((chunked.len() + chunk).min(len)).unwrap();
            chunk = chunk * 3 / 2;
        }
        assert_eq!(chunked.values(), &whole[..], "{text}");
        assert_eq!(
            whole[..20_000],
            values(&code, SequenceMethod::RareCommon, 20_000)[..],
            "{text}"
        );
    }
}

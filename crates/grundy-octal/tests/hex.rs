//! The periodicity theorem for hexadecimal codes (moves that leave three heaps), with the
//! bound `3 max(n0, 1) + 2 p + t` derived on [`grundy_octal::Periodicity`].

use grundy_octal::{Code, Sequence, SequenceMethod};
use proptest::prelude::*;

/// The plain values of `code` for heaps `0 .. len`.
fn plain(code: &Code, len: usize) -> Vec<u32> {
    let mut s = Sequence::with_method(code.clone(), SequenceMethod::Plain);
    s.extend_to(len).unwrap_or_else(|e| panic!("{code}: {e}"));
    s.values().to_vec()
}

/// Checks a proved period of `code` against plain values well past the proof.
fn check_certificate(code: &Code, limit: usize) -> Option<(usize, usize)> {
    let mut s = Sequence::new(code.clone());
    let proof = s.find_period(limit).unwrap_or_else(|e| panic!("{code}: {e}"))?;
    assert_eq!(proof.parts(), if code.splits_in_three() { 3 } else { 2 }, "{code}");
    // The certificate covers the theorem's range: n + p < values checked for n < bound.
    assert!(proof.bound() + proof.proved().1 <= proof.values_checked(), "{code}: {proof:?}");
    let len = proof.values_checked() + limit / 2;
    let values = plain(code, len);
    for (n, &v) in values.iter().enumerate() {
        let predicted = s.value(n as u64).map(|x| x.value());
        assert_eq!(predicted, Some(u64::from(v)), "{code}: heap {n} ({proof:?})");
    }
    Some((proof.preperiod(), proof.period()))
}

/// Random hexadecimal codes with at least one digit that splits in three: digit 0 is one of
/// 0, 4, 8, c, then one to three digits.
fn hex_code() -> impl Strategy<Value = Code> {
    (0u8..4, prop::collection::vec(0u8..16, 1..=3), 0usize..3).prop_map(|(zero, mut digits, at)| {
        let at = at % digits.len();
        digits[at] |= 8;
        let text: String = digits.iter().map(|d| format!("{d:x}")).collect();
        format!("0x{:x}.{text}", zero * 4).parse().unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every period proved for a three-heap code predicts the plain values far beyond the
    /// values it was proved from.
    #[test]
    fn hex_certificates_predict_the_plain_values(code in hex_code()) {
        check_certificate(&code, 256);
    }
}

/// Fixed hexadecimal codes: `0x0.f` (take one, leave 0 to 3 heaps) and `0x0.b` have values
/// `n mod 2`, `0x4.8` (also split a heap in two without taking) is `n mod 2` after heap 1; their
/// certificates are checked against the plain values. `0x0.8` (take one, leave exactly three
/// heaps) is arithmetic-periodic, `G(n) = floor((n - 1) / 3)`, and no period is claimed.
#[test]
fn fixed_hex_codes_have_checked_certificates() {
    for (text, expected) in [("0x0.f", (0, 2)), ("0x0.b", (0, 2)), ("0x4.8", (1, 2))] {
        let code: Code = text.parse().unwrap();
        assert_eq!(check_certificate(&code, 512), Some(expected), "{text}");
    }
    let arithmetic: Code = "0x0.8".parse().unwrap();
    assert_eq!(check_certificate(&arithmetic, 512), None);
    let values = plain(&arithmetic, 300);
    assert!(values.iter().enumerate().skip(1).all(|(n, &v)| v as usize == (n - 1) / 3));
}

/// Octal codes keep the classic two-part bound.
#[test]
fn octal_codes_use_two_parts() {
    let found = check_certificate(&Code::dawson_chess(), 1000);
    assert_eq!(found, Some((52, 34)));
    let mut s = Sequence::new(Code::dawson_chess());
    let p = s.find_period(1000).unwrap().unwrap();
    assert_eq!(p.bound(), 2 * p.proved().0 + p.proved().1 + p.max_take());
}

/// Every hexadecimal code with one digit after the point that splits in three: each proved
/// period is checked against the plain values. Eight of the 48 are proved periodic within 256
/// values; most of the others grow (arithmetic periodicity, as `0x0.8`), which no certificate
/// may claim.
#[test]
fn every_one_digit_three_way_code() {
    let mut proved = 0;
    let mut total = 0;
    for zero in [0u8, 4, 8, 12] {
        for d in 0u8..16 {
            let code: Code = format!("0x{zero:x}.{d:x}").parse().unwrap();
            if !code.splits_in_three() {
                continue;
            }
            total += 1;
            proved += usize::from(check_certificate(&code, 256).is_some());
        }
    }
    assert!(total >= 40, "{total} codes");
    assert_eq!((proved, total), (8, 48));
}

//! Tests of nimber arithmetic, parsing and the mex against independent naive references.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use grundy_core::NimberSet;
use grundy_core::{Nimber, ParseNimberError, mex};
use grundy_testkit::random::{self, SliceRandom};
use proptest::prelude::*;

fn n(v: u64) -> Nimber {
    Nimber::new(v)
}

// ---------------------------------------------------------------------------------------------
// Reference 1: the nim-product straight from its definition,
//     a·b = mex { a'·b + a·b' + a'·b' : a' < a, b' < b },
// tabulated for a, b < 64. The definition only refers to smaller pairs, so the table is
// self-contained; its entries lie in the field of nimbers below 256.

const SMALL: usize = 64;

fn definition_table() -> &'static Vec<Vec<u64>> {
    static TABLE: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![vec![0u64; SMALL]; SMALL];
        for a in 0..SMALL {
            for b in 0..SMALL {
                let mut seen = [false; 257];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
                        seen[usize::try_from(v).unwrap()] = true;
                    }
                }
                t[a][b] = u64::try_from(seen.iter().position(|&s| !s).unwrap()).unwrap();
            }
        }
        t
    })
}

// Reference 2: any width, from the rules for Fermat 2-powers F = 2^(2^k):
//   F·x = F×x (ordinary product) for x < F, and F·F = 3F/2 = F + F/2.
// Every bit 2^i is the ordinary product of distinct Fermat 2-powers (one for each bit of i), so
// the product of two bits follows from these rules; the general product is the nim-sum over all
// pairs of bits.

/// 2^i · 2^j, for i, j < 64.
fn bit_product(i: u32, j: u32) -> u64 {
    if i == 0 || j == 0 {
        return 1 << (i + j);
    }
    // The largest Fermat 2-power F = 2^h (h a power of two) that is a factor of 2^i or 2^j.
    let h = 1 << (31 - (i | j).leading_zeros());
    match (i >= h, j >= h) {
        // 2^i = F×2^(i-h) and 2^j = F×2^(j-h), so the product is F·F·Q with
        // Q = 2^(i-h)·2^(j-h) < F, and F·F·Q = (F + F/2)·Q = F×Q + (F/2)·Q.
        (true, true) => {
            let q = bit_product(i - h, j - h);
            (q << h) ^ plain_product(1 << (h - 1), q, bit_product)
        }
        // Only 2^i has the factor F: F × (2^(i-h)·2^j), the latter below F.
        (true, false) => bit_product(i - h, j) << h,
        (false, true) => bit_product(i, j - h) << h,
        (false, false) => unreachable!("h is a bit of i or of j"),
    }
}

/// Nim-sum of the products of all pairs of bits of `a` and `b`.
fn plain_product(a: u64, b: u64, bits: impl Fn(u32, u32) -> u64) -> u64 {
    let mut acc = 0;
    for i in (0..64).filter(|i| a >> i & 1 == 1) {
        for j in (0..64).filter(|j| b >> j & 1 == 1) {
            acc ^= bits(i, j);
        }
    }
    acc
}

fn reference_product(a: u64, b: u64) -> u64 {
    static BITS: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    let table = BITS
        .get_or_init(|| (0..64).map(|i| (0..64).map(|j| bit_product(i, j)).collect()).collect());
    plain_product(a, b, |i, j| table[i as usize][j as usize])
}

// ---------------------------------------------------------------------------------------------
// Products.

#[test]
fn known_products() {
    let cases: &[(u64, u64, u64)] = &[
        (0, 5, 0),
        (1, 5, 5),
        (2, 2, 3),
        (2, 3, 1),
        (3, 3, 2),
        (4, 4, 6),
        (4, 8, 11),
        (8, 8, 13),
        (16, 16, 24),
        (256, 256, 384),
        (1 << 16, 1 << 16, 3 << 15),
        (1 << 32, 1 << 32, 3 << 31),
        (1 << 32, 12345, 12345 << 32),
        (1 << 63, 1, 1 << 63),
    ];
    for &(a, b, want) in cases {
        assert_eq!(n(a) * n(b), n(want), "{a} * {b}");
        assert_eq!(n(b) * n(a), n(want), "{b} * {a}");
        assert_eq!(reference_product(a, b), want, "reference {a} * {b}");
    }
}

#[test]
fn fermat_powers() {
    for f in [2u64, 4, 16, 256, 1 << 16, 1 << 32] {
        // F·F = 3F/2.
        assert_eq!(n(f) * n(f), n(3 * f / 2), "F = {f}");
        // F·x = F×x for x < F.
        for x in [1, 2, 3, f / 2, f - 1, (f - 1) / 3].into_iter().filter(|&x| x < f) {
            assert_eq!(n(f) * n(x), n(f * x), "F = {f}, x = {x}");
            assert_eq!(reference_product(f, x), f * x, "reference F = {f}, x = {x}");
        }
    }
}

#[test]
fn products_below_64_match_definition() {
    let t = definition_table();
    for (a, row) in (0u64..).zip(t) {
        for (b, &want) in (0u64..).zip(row) {
            assert_eq!(n(a) * n(b), n(want), "{a} * {b}");
            assert_eq!(reference_product(a, b), want, "reference {a} * {b}");
        }
    }
}

#[test]
fn subfield_closure() {
    // The nimbers below 2^(2^k) form a subfield: sample products and inverses stay below.
    for bits in [2u32, 4, 8, 16, 32] {
        let bound = 1u64 << bits;
        for a in (1..bound).step_by(usize::try_from((bound / 97).max(1)).unwrap()) {
            let b = (a * 7 + 3) % bound;
            assert!((n(a) * n(b)).value() < bound);
            assert!(n(a).inverse().unwrap().value() < bound);
        }
    }
}

#[test]
fn division_by_zero() {
    assert_eq!(n(5).checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber::ZERO.inverse(), None);
    assert!(std::panic::catch_unwind(|| n(5) / Nimber::ZERO).is_err());
    assert_eq!(Nimber::ZERO / n(5), Nimber::ZERO);
}

#[test]
fn sums_and_products_of_iterators() {
    let v = [n(1), n(2), n(4), n(7)];
    assert_eq!(v.iter().sum::<Nimber>(), n(1 ^ 2 ^ 4 ^ 7));
    assert_eq!(v.into_iter().sum::<Nimber>(), Nimber::ZERO);
    assert_eq!(v.iter().product::<Nimber>(), n(2) * n(4) * n(7));
    assert_eq!(std::iter::empty::<Nimber>().product::<Nimber>(), Nimber::ONE);
    assert_eq!(std::iter::empty::<Nimber>().sum::<Nimber>(), Nimber::ZERO);
}

#[test]
fn operators_and_conversions() {
    let mut a = n(6);
    a += n(3);
    assert_eq!(a, n(5));
    a -= n(1);
    assert_eq!(a, n(4));
    a ^= n(4);
    assert_eq!(a, Nimber::ZERO);
    assert_eq!(-n(9), n(9));
    assert_eq!(n(9) - n(9), Nimber::ZERO);
    assert_eq!(n(3) ^ n(5), n(6));
    let mut m = n(4);
    m *= n(4);
    assert_eq!(m, n(6));
    m /= n(4);
    assert_eq!(m, n(4));
    assert_eq!(Nimber::from(7u8), n(7));
    assert_eq!(Nimber::from(7u16), n(7));
    assert_eq!(Nimber::from(7u32), n(7));
    assert_eq!(Nimber::from(7u64), n(7));
    assert_eq!(u64::from(n(7)), 7);
    assert_eq!(Nimber::from_usize(usize::MAX).value(), usize::MAX as u64);
    assert_eq!(Nimber::default(), Nimber::ZERO);
    assert!(Nimber::ZERO.is_zero() && !Nimber::ONE.is_zero());
    assert!(n(2) < n(3));
}

// ---------------------------------------------------------------------------------------------
// Field laws on random 64-bit nimbers.

fn any_nimber() -> impl Strategy<Value = Nimber> {
    prop_oneof![
        any::<u64>(),
        any::<u16>().prop_map(u64::from),
        any::<u32>().prop_map(u64::from),
        // Values with zero 16-bit limbs exercise the zero handling of the tables.
        any::<u64>().prop_map(|v| v & 0xFFFF_0000_0000_FFFF),
        any::<u64>().prop_map(|v| v & 0x0000_FFFF_FFFF_0000),
    ]
    .prop_map(Nimber::new)
}

fn nonzero_nimber() -> impl Strategy<Value = Nimber> {
    any_nimber().prop_filter("non-zero", |a| !a.is_zero())
}

proptest! {
    #[test]
    fn addition_laws(a in any_nimber(), b in any_nimber(), c in any_nimber()) {
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!((a + b) + c, a + (b + c));
        prop_assert_eq!(a + Nimber::ZERO, a);
        prop_assert_eq!(a + a, Nimber::ZERO);
        prop_assert_eq!(a - b, a + b);
    }

    #[test]
    fn multiplication_laws(a in any_nimber(), b in any_nimber(), c in any_nimber()) {
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a * Nimber::ONE, a);
        prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
    }

    #[test]
    fn product_matches_reference(a in any_nimber(), b in any_nimber()) {
        prop_assert_eq!((a * b).value(), reference_product(a.value(), b.value()));
    }

    #[test]
    fn inverse_and_division(a in nonzero_nimber(), b in any_nimber()) {
        let inv = a.inverse().unwrap();
        prop_assert_eq!(a * inv, Nimber::ONE);
        prop_assert_eq!(inv.inverse(), Some(a));
        prop_assert_eq!((b / a) * a, b);
        prop_assert_eq!(b.checked_div(a), Some(b * inv));
    }

    #[test]
    fn square_and_pow(a in any_nimber(), b in any_nimber(), e in 0u64..40) {
        prop_assert_eq!(a.square(), a * a);
        // Squaring is the Frobenius map: additive.
        prop_assert_eq!((a + b).square(), a.square() + b.square());
        let mut repeated = Nimber::ONE;
        for _ in 0..e {
            repeated *= a;
        }
        prop_assert_eq!(a.pow(e), repeated);
        prop_assert_eq!(a.pow(e + 1), a.pow(e) * a);
    }

    #[test]
    fn pow_group_order(a in nonzero_nimber(), e in any::<u64>()) {
        // The multiplicative group has order 2^64 - 1.
        prop_assert_eq!(a.pow(u64::MAX), Nimber::ONE);
        prop_assert_eq!(a.pow(u64::MAX - 1), a.inverse().unwrap());
        let (e1, e2) = (e / 2, e - e / 2);
        prop_assert_eq!(a.pow(e), a.pow(e1) * a.pow(e2));
    }
}

// ---------------------------------------------------------------------------------------------
// Display and FromStr.

#[test]
fn display() {
    assert_eq!(Nimber::ZERO.to_string(), "0");
    assert_eq!(Nimber::ONE.to_string(), "*");
    assert_eq!(n(2).to_string(), "*2");
    assert_eq!(n(u64::MAX).to_string(), "*18446744073709551615");
    assert_eq!(format!("{:?}", n(3)), "*3");
    assert_eq!(format!("{:?}", [Nimber::ZERO, Nimber::ONE]), "[0, *]");
    assert_eq!(format!("[{:>4}]", n(12)), "[ *12]");
    assert_eq!(format!("[{:<3}]", Nimber::ONE), "[*  ]");
    assert_eq!(format!("[{:^5}]", Nimber::ZERO), "[  0  ]");
}

#[test]
fn parse() {
    let ok: &[(&str, u64)] = &[
        ("0", 0),
        ("*", 1),
        ("*0", 0),
        ("*1", 1),
        ("*5", 5),
        ("*17", 17),
        ("5", 5),
        ("  *3\t", 3),
        ("\n7 ", 7),
        ("*007", 7),
        ("*18446744073709551615", u64::MAX),
    ];
    for &(s, v) in ok {
        assert_eq!(s.parse::<Nimber>(), Ok(n(v)), "{s:?}");
    }
}

#[test]
fn parse_errors() {
    assert_eq!("".parse::<Nimber>(), Err(ParseNimberError::Empty));
    assert_eq!("   ".parse::<Nimber>(), Err(ParseNimberError::Empty));
    for bad in ["*x", "**2", "-1", "*-1", "+1", "*+1", "* 2", "1.5", "x", "*2*", "0x10"] {
        let err = bad.parse::<Nimber>().unwrap_err();
        assert_eq!(err, ParseNimberError::Invalid { input: bad.to_owned() }, "{bad:?}");
        assert_eq!(
            err.to_string(),
            format!("invalid nimber '{bad}': expected '*', '*n' or an integer")
        );
    }
    for big in ["*18446744073709551616", "18446744073709551616", "*99999999999999999999999"] {
        let err = big.parse::<Nimber>().unwrap_err();
        assert_eq!(err, ParseNimberError::Overflow { input: big.to_owned() });
        assert_eq!(err.to_string(), format!("nimber '{big}' does not fit in 64 bits"));
    }
    // The message quotes the input without surrounding whitespace.
    assert_eq!(
        " *x ".parse::<Nimber>().unwrap_err().to_string(),
        "invalid nimber '*x': expected '*', '*n' or an integer"
    );
    assert_eq!(
        "".parse::<Nimber>().unwrap_err().to_string(),
        "cannot parse a nimber from an empty string"
    );
}

proptest! {
    #[test]
    fn display_parse_round_trip(a in any_nimber()) {
        prop_assert_eq!(a.to_string().parse::<Nimber>(), Ok(a));
        prop_assert_eq!(a.value().to_string().parse::<Nimber>(), Ok(a));
        prop_assert_eq!(format!("*{}", a.value()).parse::<Nimber>(), Ok(a));
    }
}

// ---------------------------------------------------------------------------------------------
// Mex.

fn reference_mex(values: &[u64]) -> u64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut m = 0;
    for v in sorted {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// `v` shuffled by a Fisher–Yates shuffle from grundy-testkit's seeded generator.
fn shuffled(mut v: Vec<u64>, seed: u64) -> Vec<u64> {
    v.shuffle(&mut random::rng(seed));
    v
}

fn nimbers(values: &[u64]) -> impl Iterator<Item = Nimber> + '_ {
    values.iter().copied().map(Nimber::new)
}

#[test]
fn mex_examples() {
    assert_eq!(mex([]), Nimber::ZERO);
    assert_eq!(mex([n(1), n(2)]), Nimber::ZERO);
    assert_eq!(mex([n(0), n(0), n(0)]), Nimber::ONE);
    assert_eq!(mex([n(0), n(1), n(3)]), n(2));
    assert_eq!(mex([n(u64::MAX), n(0)]), n(1));
    for len in [63, 64, 65, 255, 256, 257, 300, 511, 512, 1000, 5000] {
        let all: Vec<u64> = (0..len).collect();
        for seed in 1..4 {
            let v = shuffled(all.clone(), seed);
            assert_eq!(mex(nimbers(&v)), n(len), "0..{len}");
            // Duplicates and huge values do not change anything.
            let mut w = v.clone();
            w.extend([0, len + 1, u64::MAX, len / 2, len + 2]);
            let w = shuffled(w, seed);
            assert_eq!(mex(nimbers(&w)), n(len), "0..{len} with extras");
            // Remove one element: it becomes the mex.
            let missing = (seed * 7919) % len;
            let without: Vec<u64> = v.iter().copied().filter(|&x| x != missing).collect();
            assert_eq!(mex(nimbers(&without)), n(missing), "0..{len} without {missing}");
            let set: NimberSet = nimbers(&without).collect();
            assert_eq!(set.mex(), n(missing));
            assert_eq!(set.len(), usize::try_from(len - 1).unwrap());
        }
    }
}

#[test]
fn nimber_set_large_values() {
    // All of 0..2^16 + 10 except 2^16 + 5, plus some huge values: mex 2^16 + 5.
    let top = (1u64 << 16) + 10;
    let mut set: NimberSet = (0..top).filter(|&v| v != (1 << 16) + 5).map(n).collect();
    set.extend([n(u64::MAX), n(1 << 40)]);
    assert_eq!(set.mex(), n((1 << 16) + 5));
    assert!(set.insert(n((1 << 16) + 5)));
    assert_eq!(set.mex(), n(top));
    assert!(set.contains(n(1 << 40)) && !set.contains(n((1 << 40) + 1)));
    assert_eq!(set.iter().last(), Some(n(u64::MAX)));
    assert_eq!(set.iter().len(), set.len());
    set.clear();
    assert!(set.is_empty());
    assert_eq!(set.mex(), Nimber::ZERO);
    assert_eq!(set.iter().next(), None);
    assert_eq!(format!("{set:?}"), "{}");
    set.extend(&[n(0), n(1), n(3)]);
    assert_eq!(format!("{set:?}"), "{0, *, *3}");
}

fn value_strategy() -> impl Strategy<Value = u64> {
    prop_oneof![
        6 => 0u64..10,
        3 => 0u64..300,
        2 => 250u64..270,
        1 => 0u64..70_000,
        1 => 65_530u64..65_545,
        1 => any::<u64>(),
    ]
}

proptest! {
    #[test]
    fn mex_matches_reference(values in prop::collection::vec(value_strategy(), 0..80)) {
        prop_assert_eq!(mex(nimbers(&values)).value(), reference_mex(&values));
        let set: NimberSet = nimbers(&values).collect();
        prop_assert_eq!(set.mex().value(), reference_mex(&values));
    }

    #[test]
    fn mex_of_prefix_with_extras(len in 0u64..700, extra in prop::collection::vec(value_strategy(), 0..40), seed in any::<u64>()) {
        // 0..len with extra values, shuffled: exercises the overflow path past 256.
        let mut values: Vec<u64> = (0..len).collect();
        values.extend(&extra);
        let values = shuffled(values, seed);
        prop_assert_eq!(mex(nimbers(&values)).value(), reference_mex(&values));
        let mut set = NimberSet::new();
        set.extend(nimbers(&values));
        prop_assert_eq!(set.mex().value(), reference_mex(&values));
    }

    #[test]
    fn nimber_set_matches_btreeset(
        ops in prop::collection::vec((0u8..5, value_strategy()), 0..200),
        other in prop::collection::vec(value_strategy(), 0..30),
    ) {
        let mut set = NimberSet::new();
        let mut model = BTreeSet::new();
        for (op, v) in ops {
            match op {
                0 | 1 => prop_assert_eq!(set.insert(n(v)), model.insert(v)),
                2 => prop_assert_eq!(set.remove(n(v)), model.remove(&v)),
                3 => {
                    // A word of small values at once: the bits of `v` scrambled.
                    let mask = v.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    set.insert_mask(mask);
                    model.extend((0..64).filter(|k| mask >> k & 1 == 1));
                }
                _ => prop_assert_eq!(set.contains(n(v)), model.contains(&v)),
            }
            prop_assert_eq!(set.len(), model.len());
        }
        prop_assert_eq!(set.is_empty(), model.is_empty());
        let listed: Vec<u64> = set.iter().map(Nimber::value).collect();
        let expected: Vec<u64> = model.iter().copied().collect();
        prop_assert_eq!(&listed, &expected);
        prop_assert_eq!(set.iter().len(), model.len());
        let model_vec: Vec<u64> = model.iter().copied().collect();
        prop_assert_eq!(set.mex().value(), reference_mex(&model_vec));

        // Subsets and equality against another set.
        let other_set: NimberSet = nimbers(&other).collect();
        let other_model: BTreeSet<u64> = other.iter().copied().collect();
        prop_assert_eq!(set.is_subset(&other_set), model.is_subset(&other_model));
        prop_assert_eq!(other_set.is_subset(&set), other_model.is_subset(&model));
        prop_assert_eq!(set == other_set, model == other_model);
        let mut union = set.clone();
        union.extend(other_set.iter());
        prop_assert!(set.is_subset(&union) && other_set.is_subset(&union));
        // A copy rebuilt in another order compares equal (trailing zero words are ignored).
        let rebuilt: NimberSet = shuffled(expected, 7).into_iter().map(n).collect();
        prop_assert_eq!(&rebuilt, &set);

        set.clear();
        prop_assert!(set.is_empty());
        prop_assert_eq!(set.mex(), Nimber::ZERO);
        prop_assert_eq!(set, NimberSet::new());
    }
}

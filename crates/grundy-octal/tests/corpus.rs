//! The octal family of grundy-testkit's corpus of known values, run through every engine of
//! the crate: the sequence by each [`SequenceMethod`](grundy_octal::SequenceMethod) (plain, rare-and-common,
//! fast), the values read off a proved period, the generic solver on [`Octal`] positions with
//! `Method::Mex` and `Method::Pruned` (with outcomes), and plain recursion
//! (`grundy_core::naive`) on the heaps small enough for it.

use grundy_core::{Budget, Config, Nimber, Outcome, Solver, naive};
use grundy_octal::{Code, Heaps, Octal, Sequence, SequenceMethod};
use grundy_testkit::corpus;

/// The most nodes plain recursion may visit on one heap.
const NAIVE_NODES: u64 = 100_000;

#[test]
fn octal_corpus() {
    let cases = corpus::octal().unwrap();
    assert!(cases.len() >= 3);
    for case in &cases {
        let what = format!("{} (line {}; {})", case.code, case.line, case.source);
        let code: Code = case.code.parse().unwrap();
        let expected: Vec<u32> = case.values.iter().map(|&v| u32::try_from(v).unwrap()).collect();
        let len = expected.len();

        // The sequence, by each method.
        for method in [SequenceMethod::Plain, SequenceMethod::RareCommon, SequenceMethod::Fast] {
            let mut s = Sequence::with_method(code.clone(), method);
            s.extend_to(len).unwrap();
            assert_eq!(&s.values()[..len], &expected[..], "{what}: {method:?}");
        }

        // The values read off a proved period (where one is proved within 4096 heaps).
        let mut s = Sequence::new(code.clone());
        if let Some(proof) = s.find_period(4096).unwrap() {
            for (n, &v) in expected.iter().enumerate() {
                let n = u64::try_from(n).unwrap();
                assert_eq!(s.value(n), Some(Nimber::new(u64::from(v))), "{what}: heap {n}");
            }
            // The period of the listed heaps past the preperiod.
            for n in proof.preperiod()..len {
                if n + proof.period() < len {
                    assert_eq!(expected[n], expected[n + proof.period()], "{what}: heap {n}");
                }
            }
        }

        // The generic solver and plain recursion on single heaps, and a sum of three heaps.
        let game = Octal::new(code.clone());
        let mut naive_heaps = 0;
        for (n, &v) in expected.iter().enumerate() {
            let heap = Heaps::new(vec![u64::try_from(n).unwrap()]);
            let v = Nimber::new(u64::from(v));
            for method in [grundy_core::Method::Mex, grundy_core::Method::Pruned] {
                let config = Config::default().with_method(method);
                let mut solver = Solver::with_config(&game, config.clone());
                assert_eq!(solver.value(&heap), Ok(v), "{what}: heap {n}, {method:?}");
                let mut fresh = Solver::with_config(&game, config);
                assert_eq!(fresh.outcome(&heap), Ok(Outcome::from_value(v)), "{what}: heap {n}");
            }
            let budget = Budget::unlimited().with_max_nodes(NAIVE_NODES);
            if let Ok(plain) = naive::value_within(&game, &heap, &budget) {
                assert_eq!(plain, v, "{what}: heap {n}, plain recursion");
                naive_heaps += 1;
            }
        }
        assert!(naive_heaps >= 8, "{what}: only {naive_heaps} heaps by plain recursion");
        let heaps = [len / 3, len / 2, len - 1];
        let sum = heaps.iter().fold(0, |acc, &h| acc ^ expected[h]);
        let position =
            Heaps::new(heaps.iter().map(|&h| u64::try_from(h).unwrap()).collect::<Vec<_>>());
        let value = Solver::new(&game).value(&position);
        assert_eq!(value, Ok(Nimber::new(u64::from(sum))), "{what}: heaps {heaps:?}");
    }
}

/// The published periods: Dawson's Chess (0.137) period 34 from heap 52 on, Kayles (0.77)
/// period 12 from heap 71 on (Guy and Smith 1956; Winning Ways ch. 4).
#[test]
fn published_periods() {
    for (code, preperiod, period) in [("0.137", 52, 34), ("0.77", 71, 12)] {
        let mut s = Sequence::new(code.parse::<Code>().unwrap());
        let proof = s.find_period(4096).unwrap().unwrap();
        assert_eq!((proof.preperiod(), proof.period()), (preperiod, period), "{code}");
    }
}

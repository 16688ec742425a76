//! Fuzz targets for the positions of the heap games: Antonim's sets of heaps ([`HeapSet`]),
//! Tower Nim's stacks ([`Tower`]), Rotisserie Nim's queues ([`Queue`]) and Greedy Nim's heaps
//! ([`Heaps`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed position prints to a text
//! that parses back to it, no more heaps than the text has bytes, every heap positive, the
//! case ends within a time bound and the process's peak resident memory stays under 1 GiB.
//! Allocation bound (from the code): O(input length), 8 bytes a heap; heaps are `u64` and
//! longer numbers are refused.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-heap-games --test fuzz`.

use grundy_heap_games::{HeapSet, Heaps, Queue, Tower};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;
use std::fmt::{Debug, Display};
use std::str::FromStr;

const SEEDS: &[&str] = &["1 2 3", "5,7, 9", "+4 2", "", "3 3", "18446744073709551615 1"];
const PIECES: &[&str] = &["0", "1", "9", " ", ",", "+", "-", "\t", "x"];
const ALPHABET: &str = "[0-9 ,\n+\\-]{0,60}";

/// Parses `text` as `T` under the bounds and checks what it returns.
fn check<T>(text: &str, heaps: impl Fn(&T) -> &[u64])
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Debug,
{
    if let Ok(position) = bounded(text, str::parse::<T>) {
        let sizes = heaps(&position);
        assert!(sizes.len() <= text.len());
        assert!(sizes.iter().all(|&h| h > 0));
        round_trips(&position);
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_heap_set(text in inputs(ALPHABET, SEEDS, PIECES)) {
        check::<HeapSet>(&text, HeapSet::heaps);
    }

    #[test]
    fn fuzz_tower(text in inputs(ALPHABET, SEEDS, PIECES)) {
        check::<Tower>(&text, Tower::heaps);
    }

    #[test]
    fn fuzz_queue(text in inputs(ALPHABET, SEEDS, PIECES)) {
        check::<Queue>(&text, Queue::heaps);
    }

    #[test]
    fn fuzz_greedy_heaps(text in inputs(ALPHABET, SEEDS, PIECES)) {
        check::<Heaps>(&text, Heaps::heaps);
    }
}

/// Numbers past `u64` are refused whatever their length.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = format!("1 {}", "9".repeat(100_000));
    assert!(bounded(&long, str::parse::<HeapSet>).is_err());
    assert!(bounded(&long, str::parse::<Tower>).is_err());
    assert!(bounded(&long, str::parse::<Queue>).is_err());
    assert!(bounded(&long, str::parse::<Heaps>).is_err());
    assert!(bounded("18446744073709551616", str::parse::<Tower>).is_err());
}

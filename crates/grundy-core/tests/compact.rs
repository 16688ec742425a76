//! The compact table never answers wrongly, stays within its bound, and the solver that moves
//! word-keyed facts into it gives the values of the solver that does not; nor does warming a
//! large general table change a value.

use std::collections::HashMap;

use grundy_core::compact::{CompactTable, MIN_BYTES, Replacement, SharedTable, Stored, WordFact};
use grundy_core::solver::{COMPACT_FROM, GENERAL_WARM_FROM};
use grundy_core::{Config, Known, Method, Nimber, Ruleset, Solver, mex};
use proptest::prelude::*;

/// A fact of each kind from a small number.
fn fact(code: u64) -> Known {
    match code % 4 {
        0 => Known::NonZero,
        1 => Known::Excludes(code >> 2 & 0x3FFF),
        _ => Known::Value(Nimber::new(code >> 2 & 0x3FFF)),
    }
}

/// "Excludes 0" is "not zero": the table reads both back as [`Known::NonZero`].
fn same(known: Known) -> Known {
    if known == Known::Excludes(1) { Known::NonZero } else { known }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random keys (many in few buckets: keys that differ in their high bits only, and
    /// arbitrary ones) against a map: a lookup finds the last fact stored for the key or,
    /// after an eviction, nothing; never another key's fact.
    #[test]
    fn answers_are_exact_or_absent(
        keys in prop::collection::vec((any::<u64>(), 0u64..4096, any::<bool>()), 1..3000),
        replacement in prop::sample::select(vec![
            Replacement::LeastWorth, Replacement::KeepOld,
        ]),
    ) {
        let mut table = CompactTable::with_bytes(MIN_BYTES)
            .unwrap()
            .with_replacement(replacement);
        let mut model = HashMap::new();
        for &(key, code, high) in &keys {
            // Keys that share their low bits crowd a few buckets before mixing matters.
            let key = if high { key << 48 } else { key };
            let known = fact(code);
            prop_assert!(table.insert(key, known));
            if known != Known::Excludes(0) {
                model.insert(key, known);
            }
        }
        for (&key, &known) in &model {
            if let Some(found) = table.peek(key) {
                prop_assert_eq!(same(found), same(known), "key {:#x}", key);
            }
        }
        prop_assert!(table.allocated_bytes() <= MIN_BYTES);
        prop_assert!(table.len() <= model.len());
    }
}

/// A million keys in the least table: it stays within its bound, evicts, and still answers
/// every lookup exactly or not at all. With `KeepOld` the first keys are all kept.
#[test]
fn a_full_table_forgets_but_never_lies() {
    for replacement in [Replacement::LeastWorth, Replacement::KeepOld] {
        let mut table = CompactTable::with_bytes(MIN_BYTES).unwrap().with_replacement(replacement);
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let n = 1_000_000u64;
        for i in 0..n {
            assert!(table.insert(key(i), Known::Value(Nimber::new(i % 1000))));
        }
        assert!(table.stats().evictions > 0 || replacement == Replacement::KeepOld);
        assert_eq!(table.allocated_bytes(), MIN_BYTES);
        let mut found = 0;
        for i in 0..n {
            if let Some(known) = table.get(key(i)) {
                assert_eq!(known, Known::Value(Nimber::new(i % 1000)));
                found += 1;
            }
        }
        assert_eq!(found, table.len());
        if replacement == Replacement::KeepOld {
            assert!((0..20_000).all(|i| table.peek(key(i)).is_some()), "the first are kept");
        }
    }
}

/// Facts that do not fit in 16 bits are refused, and the bound below the least size is refused.
#[test]
fn limits() {
    assert!(CompactTable::<Known>::with_bytes(MIN_BYTES - 1).is_none());
    let mut table = CompactTable::with_bytes(MIN_BYTES).unwrap();
    assert!(table.is_empty() && table.allocated_bytes() == 0, "allocated on first use");
    assert!(!table.insert(1, Known::Value(Nimber::new(CompactTable::MAX_VALUE))));
    assert!(!table.insert(1, Known::Excludes(1 << CompactTable::MAX_EXCLUDED)));
    assert!(table.insert(1, Known::Value(Nimber::new(CompactTable::MAX_VALUE - 1))));
    assert!(table.insert(2, Known::Excludes((1 << CompactTable::MAX_EXCLUDED) - 1)));
    assert_eq!(table.get(1), Some(Known::Value(Nimber::new(CompactTable::MAX_VALUE - 1))));
    assert_eq!(table.get(2), Some(Known::Excludes((1 << CompactTable::MAX_EXCLUDED) - 1)));
    // A later fact replaces an earlier one of the same key.
    assert!(table.insert(2, Known::Value(Nimber::new(3))));
    assert_eq!(table.get(2), Some(Known::Value(Nimber::new(3))));
    assert_eq!(table.len(), 2);
}

/// Subtract 1, 2 or 5 from a heap, with word keys or without.
struct Subtract {
    words: bool,
}

impl Ruleset for Subtract {
    type Position = u64;
    type Move = u64;

    fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
        moves.extend([1, 2, 5].into_iter().filter(|take| take <= heap));
    }

    fn play(&self, heap: &u64, take: &u64) -> u64 {
        heap - take
    }

    fn word_key(&self, heap: &u64) -> Option<u64> {
        self.words.then_some(*heap)
    }
}

/// A search past `COMPACT_FROM` positions moves its facts to the compact table and keeps
/// giving the values of the general table alone, for both methods; a bound too small for the
/// compact table keeps the general one.
#[test]
fn the_solver_moves_word_keyed_facts_to_the_compact_table() {
    let heap = COMPACT_FROM as u64 + 50_000;
    for method in [Method::Mex, Method::Pruned] {
        let config = Config::default().with_method(method).with_table_bytes(64 << 20);
        let mut words = Solver::with_config(Subtract { words: true }, config.clone());
        let mut plain = Solver::with_config(Subtract { words: false }, config);
        assert_eq!(words.value(&heap).unwrap(), plain.value(&heap).unwrap(), "{method:?}");
        assert!(words.compact_table().is_some() && plain.compact_table().is_none());
        assert!(words.compact_table().unwrap().len() > COMPACT_FROM);
        assert!(words.table_len() >= COMPACT_FROM);
        for h in [0, 1, 7, 1000, heap - 3, heap + 10] {
            assert_eq!(words.value(&h).unwrap(), plain.value(&h).unwrap(), "{method:?} heap {h}");
            assert_eq!(words.outcome(&h).unwrap(), plain.outcome(&h).unwrap());
        }
    }
    let small = Config::default().with_table_bytes(MIN_BYTES);
    let mut solver = Solver::with_config(Subtract { words: true }, small);
    let v = solver.value(&heap).unwrap();
    assert!(solver.compact_table().is_none());
    assert_eq!(v, Solver::new(Subtract { words: false }).value(&heap).unwrap());
}

/// A search whose general table grows past `GENERAL_WARM_FROM` entries (where the solver
/// starts to warm it) gives the values of the plain recursion on the heaps, under both
/// methods.
#[test]
fn a_warmed_general_table_gives_the_same_values() {
    let top = GENERAL_WARM_FROM + 20_000;
    let mut values = vec![Nimber::ZERO; top + 1];
    for heap in 1..=top {
        values[heap] = mex([1, 2, 5].iter().filter(|&&t| t <= heap).map(|&t| values[heap - t]));
    }
    for method in [Method::Mex, Method::Pruned] {
        let mut solver =
            Solver::with_config(Subtract { words: false }, Config::default().with_method(method));
        assert_eq!(solver.value(&(top as u64)).unwrap(), values[top], "{method:?}");
        assert!(solver.table_len() >= GENERAL_WARM_FROM, "{method:?}");
        for h in [0, 1, 7, 1000, GENERAL_WARM_FROM - 3, top - 1] {
            assert_eq!(solver.value(&(h as u64)).unwrap(), values[h], "{method:?} heap {h}");
        }
    }
}

/// The parallel search gives the value of the plain solver, on both methods, with a table
/// small enough to evict and with many threads.
#[cfg(feature = "rayon")]
#[test]
fn the_parallel_search_gives_the_solver_s_values() {
    use grundy_core::solver::par_value;

    for heap in [0u64, 1, 5, 1000, 30_000] {
        let plain = Solver::new(Subtract { words: false }).value(&heap).unwrap();
        for (threads, method) in [(2, Method::Mex), (4, Method::Pruned), (1, Method::Mex)] {
            let config = Config::default().with_method(method).with_table_bytes(MIN_BYTES);
            let value = par_value(&Subtract { words: true }, &heap, &config, threads).unwrap();
            assert_eq!(value, plain, "heap {heap}, {threads} threads, {method:?}");
        }
    }
    // A node budget too small for the first solver stops every solver with its error.
    let config = Config::default()
        .with_table_bytes(8 << 20)
        .with_budget(grundy_core::Budget::unlimited().with_max_nodes(10));
    assert!(par_value(&Subtract { words: true }, &100_000, &config, 2).is_err());
}

/// Protected entries outlive a flood of others in a full table, under every policy that
/// evicts.
#[test]
fn the_protected_part_outlives_a_flood() {
    let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for replacement in [Replacement::LeastWorth] {
        let mut table = CompactTable::with_bytes(MIN_BYTES).unwrap().with_replacement(replacement);
        // Fewer than one protected entry per bucket on average: 30,000 over 65,536 buckets.
        for i in 0..30_000 {
            assert!(table.insert_protected(key(i), Known::Value(Nimber::new(i % 500))));
        }
        for i in 30_000..2_000_000 {
            assert!(table.insert(key(i), Known::Excludes(1 << (i % 13))));
        }
        assert!(table.stats().evictions > 0);
        for i in 0..30_000 {
            assert_eq!(
                table.get(key(i)),
                Some(Known::Value(Nimber::new(i % 500))),
                "{replacement:?}"
            );
        }
    }
}

/// A fact of another shape than the solver's: a lower bound on some count, where two bounds
/// on one key keep the larger, and a full bucket gives up the smallest bound first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AtLeast(u16);

impl WordFact for AtLeast {
    fn pack(&self) -> Option<u16> {
        // 0 says nothing; bounds of 2^15 or more do not fit.
        (self.0 < 1 << 15).then_some(self.0)
    }
    fn unpack(bits: u16) -> Self {
        AtLeast(bits)
    }
    fn merge(old: u16, new: u16) -> u16 {
        old.max(new)
    }
    fn worth(bits: u16) -> u16 {
        bits
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A table of merging facts against a map of maxima: a lookup finds the merged fact of
    /// its key or, after an eviction, nothing (and never more than the key was given); the
    /// shared table made from it, and that table grown, hold the same entries.
    #[test]
    fn merging_facts_are_exact_or_absent(
        keys in prop::collection::vec((0u64..600_000, 1u16..1 << 15), 1..4000),
    ) {
        let mut table = CompactTable::<AtLeast>::with_bytes(MIN_BYTES).unwrap();
        let mut model: HashMap<u64, u16> = HashMap::new();
        for &(key, bound) in &keys {
            // Keys that share their low bits crowd a few buckets.
            let key = key << 40;
            prop_assert!(table.insert(key, AtLeast(bound)));
            let best = model.entry(key).or_default();
            *best = (*best).max(bound);
        }
        prop_assert!(!table.insert(1, AtLeast(1 << 15)), "too wide");
        let shared = SharedTable::from_compact(&table, 64 << 20).unwrap();
        prop_assert_eq!(shared.len(), table.len());
        let grown = shared.grown();
        prop_assert_eq!(grown.len(), table.len());
        for (&key, &best) in &model {
            let found = table.peek(key);
            if let Some(AtLeast(got)) = found {
                prop_assert!(got <= best, "key {:#x}: {} > {}", key, got, best);
            }
            prop_assert_eq!(shared.get(key), found);
            prop_assert_eq!(grown.get(key), found);
        }
        // Keys never stored are never found.
        for key in (0..200u64).map(|k| (k << 40) | 1) {
            prop_assert_eq!(table.peek(key), None);
            prop_assert_eq!(shared.get(key), None);
        }
    }
}

/// A shared table made with room for few entries wants room at 5/8 full, below its bound
/// only; what an insertion did is reported; a cleared table is empty.
#[test]
fn a_shared_table_grows_on_demand() {
    let table: SharedTable<AtLeast> = SharedTable::with_room(0, 64 << 20).unwrap();
    assert!(SharedTable::<AtLeast>::with_room(0, MIN_BYTES - 1).is_none());
    assert_eq!(table.bytes(), MIN_BYTES, "sized for what it holds: the least table");
    assert_eq!(table.insert(3, AtLeast(7)), Stored::Filled);
    assert_eq!(table.insert(3, AtLeast(2)), Stored::Kept);
    assert_eq!(table.get(3), Some(AtLeast(7)), "merged: the larger bound");
    assert_eq!(table.insert(4, AtLeast(0)), Stored::Kept, "says nothing");
    assert_eq!(table.insert(4, AtLeast(1 << 15)), Stored::TooWide);
    assert!(!Stored::TooWide.fits() && Stored::Kept.fits());
    let mut key = 10u64;
    while !table.wants_room() {
        assert!(table.insert(key, AtLeast(1)).fits());
        key += 1;
    }
    assert!(table.len() * 8 >= table.capacity() * 5);
    let grown = table.grown();
    assert!(grown.capacity() > table.capacity() && !grown.wants_room());
    assert_eq!(grown.len(), table.len());
    assert!((10..key).all(|k| grown.get(k) == table.get(k)));
    // At its bound a table never wants room, and evicts.
    let full: SharedTable<AtLeast> = SharedTable::with_bytes(MIN_BYTES).unwrap();
    let evicted = (0..1_000_000u64).filter(|&k| full.insert(k, AtLeast(1)) == Stored::Evicted);
    assert!(evicted.count() > 0 && !full.wants_room());
    full.clear();
    assert!(full.is_empty() && full.get(1).is_none());
}

//! The closed forms of Bovee, Burke and Tennenhouse (*Games from Basic Data Structures*)
//! against brute force, on every small position; the fast solver against the naive one; and
//! text round trips.
//!
//! Brute force is the generic [`Solver`] of grundy-core run on [`Plain`], a wrapper that hides
//! every shortcut of a ruleset (known values, canonical forms): only `moves` and `play` are
//! used, with a transposition table. Ranges are stated on each test; "smallest" means fewest
//! heaps, then fewest tokens, then first in lexicographic order (the order of [`lists`]).
//! Larger ranges are `#[ignore]`d tests, run with
//! `cargo test --release -p grundy-heap-games --test heap_games -- --ignored`.

use std::collections::{BTreeSet, HashMap};

use grundy_core::{Nimber, Outcome, Ruleset, Solver, naive};
use grundy_heap_games::greedy::LiteralGreedyNim;
use grundy_heap_games::{
    Antonim, GreedyNim, HeapSet, Heaps, Queue, RotisserieNim, Tower, TowerNim, antonim, greedy,
    rotisserie, tower,
};
use proptest::prelude::*;

/// A ruleset with only its two required methods: the solver has to search.
struct Plain<R>(R);

impl<R: Ruleset> Ruleset for Plain<R> {
    type Position = R::Position;
    type Move = R::Move;

    fn moves(&self, position: &R::Position, moves: &mut Vec<R::Move>) {
        self.0.moves(position, moves);
    }

    fn play(&self, position: &R::Position, mv: &R::Move) -> R::Position {
        self.0.play(position, mv)
    }
}

/// Brute force: the Grundy value of every position, by search.
struct Brute<R: Ruleset>(Solver<Plain<R>>);

impl<R: Ruleset> Brute<R> {
    fn new(ruleset: R) -> Self {
        Brute(Solver::new(Plain(ruleset)))
    }

    fn value(&mut self, position: &R::Position) -> Nimber {
        self.0.value(position).expect("no budget")
    }

    fn outcome(&mut self, position: &R::Position) -> Outcome {
        Outcome::from_value(self.value(position))
    }

    /// The moves to P-positions, in the order of the ruleset's move list.
    fn winning_moves(&mut self, position: &R::Position) -> Vec<R::Move> {
        self.0.winning_moves(position).expect("no budget")
    }
}

/// Every list of at most `max_len` heaps with sizes in `min..=max`, ordered by length, then
/// total size, then lexicographically.
fn lists(max_len: usize, min: u64, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    let mut last = vec![vec![]];
    for _ in 0..max_len {
        last = last
            .iter()
            .flat_map(|l: &Vec<u64>| {
                (min..=max).map(move |h| {
                    let mut next = l.clone();
                    next.push(h);
                    next
                })
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all.sort_by_key(|l| (l.len(), l.iter().sum::<u64>(), l.clone()));
    all
}

/// Every set of at most `max_len` distinct heaps of sizes `1..=max`, in increasing order.
fn sets(max_len: usize, max: u64) -> Vec<HeapSet> {
    lists(max_len, 1, max)
        .into_iter()
        .filter(|l| l.windows(2).all(|w| w[0] < w[1]))
        .map(|l| HeapSet::new(l).expect("distinct positive heaps"))
        .collect()
}

fn tower_of(l: Vec<u64>) -> Tower {
    Tower::new(l).expect("positive heaps")
}

fn queue_of(l: Vec<u64>) -> Queue {
    Queue::new(l).expect("positive heaps")
}

// ---------------------------------------------------------------------------------------------
// Antonim (§3.1)

/// BBT-3.0: the empty set is terminal, so in P.
#[test]
fn antonim_empty_set_is_p() {
    let empty = HeapSet::default();
    assert_eq!(antonim::small_outcome(&empty), Some(Outcome::P));
    assert_eq!(naive::outcome(&Antonim, &empty), Outcome::P);
    assert!(Antonim.is_terminal(&empty));
}

/// BBT-3.1: one heap is in N. All single heaps of size 1..=200.
#[test]
fn antonim_one_heap_is_n() {
    let mut brute = Brute::new(Antonim);
    for p in sets(1, 200).into_iter().filter(|p| p.len() == 1) {
        assert_eq!(antonim::one_heap_outcome(&p), Some(brute.outcome(&p)), "{p}");
        assert_eq!(antonim::small_outcome(&p), antonim::one_heap_outcome(&p));
    }
}

/// BBT-3.2: `{a, b}` is in P exactly when it is `{2k+1, 2k+2}`. All sets of two heaps of
/// size at most 60.
#[test]
fn antonim_two_heap_rule() {
    let mut brute = Brute::new(Antonim);
    for p in sets(2, 60).into_iter().filter(|p| p.len() == 2) {
        assert_eq!(antonim::two_heap_outcome(&p), Some(brute.outcome(&p)), "{p}");
        assert_eq!(antonim::small_outcome(&p), antonim::two_heap_outcome(&p));
    }
}

/// BBT-3.3: `{a, b, c}` is in P exactly when `(a+1) ⊕ (b+1) ⊕ (c+1) = 0`. All sets of three
/// heaps of size at most 32 (the rules do not apply to four heaps: checked to answer `None`).
#[test]
fn antonim_three_heap_rule() {
    three_heap_rule_up_to(32);
}

/// BBT-3.3 on all sets of three heaps of size at most 96.
#[test]
#[ignore = "about 8 s in the test profile; run with --ignored"]
fn antonim_three_heap_rule_large() {
    three_heap_rule_up_to(96);
}

fn three_heap_rule_up_to(max: u64) {
    let mut brute = Brute::new(Antonim);
    for p in sets(3, max).into_iter().filter(|p| p.len() == 3) {
        assert_eq!(antonim::three_heap_outcome(&p), Some(brute.outcome(&p)), "{p}");
        assert_eq!(antonim::small_outcome(&p), antonim::three_heap_outcome(&p));
    }
    assert_eq!(antonim::small_outcome(&HeapSet::new([1, 2, 3, 4]).expect("set")), None);
}

/// BBT-3.3s: the paper's three-pile strategy ("add one stone to each heap, make an
/// appropriate move in Nim, then remove a stone from each heap"). On all sets of three heaps
/// of size at most 32: `antonim::three_heap_winning_moves` is exactly the list of the
/// solver's winning moves (so every winning move is of this form, and there is none on a
/// P-position), and `antonim::three_heap_winning_move` is a legal move of the ruleset's list,
/// reaching a P-position, and `None` exactly on P-positions. It also answers `None` on two
/// and four heaps.
#[test]
fn antonim_three_heap_strategy() {
    let (n_positions, emptying) = three_heap_strategy_up_to(32);
    // C(32, 3) = 4960 sets, of which 140 have (a+1) ^ (b+1) ^ (c+1) = 0.
    assert_eq!(n_positions, 4960 - 140);
    // In 410 of them the returned move empties its heap, e.g. {1, 2, 3}: the Nim move on
    // (2, 3, 4) is 4 -> 1, so the heap of 3 is taken whole, leaving {1, 2}.
    assert_eq!(emptying, 410);
    let p = HeapSet::new([1, 2, 3]).expect("set");
    assert_eq!(antonim::three_heap_winning_move(&p), Some(antonim::Move::new(2, 3)));
    for p in [HeapSet::new([1, 2]), HeapSet::new([1, 2, 3, 4])] {
        let p = p.expect("set");
        assert_eq!(antonim::three_heap_winning_moves(&p), None, "{p}");
        assert_eq!(antonim::three_heap_winning_move(&p), None, "{p}");
    }
}

/// BBT-3.3s on all sets of three heaps of size at most 96.
#[test]
#[ignore = "about 10 s in the test profile; run with --ignored"]
fn antonim_three_heap_strategy_large() {
    three_heap_strategy_up_to(96);
}

/// Checks the three-pile strategy on every set of three heaps of size at most `max`; returns
/// the number of N-positions and the number where the strategy's move empties a heap.
fn three_heap_strategy_up_to(max: u64) -> (usize, usize) {
    let mut brute = Brute::new(Antonim);
    let (mut n_positions, mut emptying) = (0, 0);
    for p in sets(3, max).into_iter().filter(|p| p.len() == 3) {
        let mut winning = brute.winning_moves(&p);
        winning.sort();
        let strategy = antonim::three_heap_winning_moves(&p).expect("three heaps");
        assert_eq!(strategy, winning, "{p}");
        match antonim::three_heap_winning_move(&p) {
            Some(mv) => {
                assert!(Antonim.is_legal(&p, &mv), "{p}: {mv}");
                assert!(winning.contains(&mv), "{p}: {mv}");
                let next = Antonim.play_checked(&p, &mv).expect("legal");
                assert_eq!(brute.outcome(&next), Outcome::P, "{p}: {mv}");
                n_positions += 1;
                if mv.take() == p.heaps()[mv.heap()] {
                    emptying += 1;
                }
            }
            None => assert_eq!(brute.outcome(&p), Outcome::P, "{p}"),
        }
    }
    (n_positions, emptying)
}

// ---------------------------------------------------------------------------------------------
// Tower Nim (§4.1)

/// Brute-force values of every stack of at most 6 heaps of size at most 6, smallest first.
fn tower_table() -> Vec<(Tower, Nimber)> {
    let mut brute = Brute::new(TowerNim);
    lists(6, 1, 6)
        .into_iter()
        .map(|l| {
            let p = tower_of(l);
            let v = brute.value(&p);
            (p, v)
        })
        .collect()
}

/// The value rule of `tower::value` (derived in the crate): all stacks of at most 6 heaps of
/// size at most 6.
#[test]
fn tower_value_matches_search() {
    for (p, v) in tower_table() {
        assert_eq!(tower::value(&p), v, "{p}");
    }
}

/// BBT-4.2: a stack of `n` 1-heaps has value `n mod 2`. Stacks of 0 to 40 1-heaps, and all
/// stacks of [`tower_table`] (where it must answer `None` unless all heaps are 1).
#[test]
fn tower_observation_4_2_all_ones() {
    let mut brute = Brute::new(TowerNim);
    for n in 0..=40 {
        let p = tower_of(vec![1; n]);
        assert_eq!(tower::all_ones_value(&p), Some(brute.value(&p)), "{p}");
    }
    for (p, v) in tower_table() {
        if p.heaps().iter().all(|&h| h == 1) {
            assert_eq!(tower::all_ones_value(&p), Some(v), "{p}");
        } else {
            assert_eq!(tower::all_ones_value(&p), None, "{p}");
        }
    }
}

/// BBT-4.3: `(1, ..., 1, x)` with `x > 1` is in N. All stacks of at most 6 heaps of size at
/// most 6.
#[test]
fn tower_lemma_4_3_only_top_big() {
    let mut applied = 0;
    for (p, v) in tower_table() {
        if let Some(o) = tower::ones_below_top_outcome(&p) {
            assert_eq!(o, Outcome::from_value(v), "{p}");
            applied += 1;
        }
    }
    assert_eq!(applied, 6 * 5, "(1^k, x) for k in 0..6 and x in 2..=6");
}

/// BBT-4.4 as printed ("the nimber is the parity of n") is false. Smallest counterexample
/// among all stacks of at most 6 heaps of size at most 6: `(2)`, where `n = 0` predicts 0 but
/// the value is `*2`; with `n ≥ 1`, `(2, 1)` predicts `*` but the value is 0.
#[test]
fn tower_corollary_4_4_as_printed_is_false() {
    let table = tower_table();
    let wrong: Vec<&(Tower, Nimber)> = table
        .iter()
        .filter(|(p, v)| tower::ones_on_top_value(p).is_some_and(|w| w != *v))
        .collect();
    let (p, v) = wrong[0];
    assert_eq!(p.to_string(), "2");
    assert_eq!((tower::ones_on_top_value(p), *v), (Some(Nimber::ZERO), Nimber::new(2)));
    let (p, v) = wrong.iter().find(|(p, _)| p.top() == Some(1)).expect("a case with n >= 1");
    assert_eq!(p.to_string(), "2 1");
    assert_eq!((tower::ones_on_top_value(p), *v), (Some(Nimber::new(1)), Nimber::ZERO));
}

/// BBT-4.4 corrected: N exactly when `n` is even; and for `n ≥ 1` the value is
/// `(n + 1) mod 2`. All stacks of at most 6 heaps of size at most 6.
#[test]
fn tower_corollary_4_4_corrected() {
    for (p, v) in tower_table() {
        let all_ones = p.heaps().iter().all(|&h| h == 1);
        assert_eq!(tower::ones_on_top_outcome(&p).is_none(), all_ones, "{p}");
        if let Some(o) = tower::ones_on_top_outcome(&p) {
            assert_eq!(o, Outcome::from_value(v), "{p}");
        }
        if let Some(w) = tower::ones_on_top_value_corrected(&p) {
            assert_eq!(w, v, "{p}");
        } else {
            assert!(all_ones || p.top() != Some(1), "{p}");
        }
    }
}

/// BBT-4.5: `(..., 1, 1)` has value 0 or `*`; `(..., 1, x)` with `x ≥ 2` has value `*x`. All
/// stacks of at most 6 heaps of size at most 6.
#[test]
fn tower_lemma_4_5_one_under_top() {
    for (p, v) in tower_table() {
        let applies = p.len() >= 2 && p.heaps()[p.len() - 2] == 1;
        match tower::one_under_top_values(&p) {
            Some(values) => {
                assert!(applies, "{p}");
                assert!(values.contains(&v), "{p}: {v} not in {values:?}");
            }
            None => assert!(!applies, "{p}"),
        }
    }
}

/// BBT-4.6: `(..., y, 1)` with `y ≥ 2` has value 0; `(..., y, x)` with `y, x ≥ 2` is in N.
/// All stacks of at most 6 heaps of size at most 6.
#[test]
fn tower_corollary_4_6_big_under_top() {
    for (p, v) in tower_table() {
        if let Some(o) = tower::big_under_top_outcome(&p) {
            assert_eq!(o, Outcome::from_value(v), "{p}");
            if p.top() == Some(1) {
                assert_eq!(v, Nimber::ZERO, "{p}");
            }
        }
    }
}

/// BBT-4.7: the outcome of every stack from the 1-heaps on top. All stacks of at most 6 heaps
/// of size at most 6.
#[test]
fn tower_corollary_4_7_outcome() {
    for (p, v) in tower_table() {
        assert_eq!(tower::outcome(&p), Outcome::from_value(v), "{p}");
    }
}

/// `tower::value` and Corollary 4.7 on all stacks of at most 7 heaps of size at most 7.
#[test]
#[ignore = "about 5 s in the test profile; run with --ignored"]
fn tower_closed_forms_large() {
    let mut brute = Brute::new(TowerNim);
    for l in lists(7, 1, 7) {
        let p = tower_of(l);
        let v = brute.value(&p);
        assert_eq!(tower::value(&p), v, "{p}");
        assert_eq!(tower::outcome(&p), Outcome::from_value(v), "{p}");
    }
}

// ---------------------------------------------------------------------------------------------
// Rotisserie Nim (§5.1)

/// BBT-5.2: `(a0, a1)` is in N exactly when `a0 > a1`. All pairs of size at most 40.
#[test]
fn rotisserie_theorem_5_2_two_heaps() {
    let mut brute = Brute::new(RotisserieNim);
    for l in lists(2, 1, 40) {
        let p = queue_of(l);
        match rotisserie::two_heap_outcome(&p) {
            Some(o) => assert_eq!(o, brute.outcome(&p), "{p}"),
            None => assert_ne!(p.len(), 2, "{p}"),
        }
    }
}

/// BBT-5.3 as printed is false. Smallest counterexample among all queues of at most 5 heaps
/// of size 2 to 6: `(2, 2)`, predicted N, in P (value 0).
#[test]
fn rotisserie_theorem_5_3_as_printed_is_false() {
    let mut brute = Brute::new(RotisserieNim);
    let first = lists(5, 2, 6)
        .into_iter()
        .map(queue_of)
        .find(|p| rotisserie::all_big_outcome(p).is_some_and(|o| o != brute.outcome(p)))
        .expect("a counterexample");
    assert_eq!(first.to_string(), "2 2");
    assert_eq!(rotisserie::all_big_outcome(&first), Some(Outcome::N));
    assert_eq!(brute.value(&first), Nimber::ZERO);
}

/// BBT-5.3 corrected: with every heap at least 2, N exactly when the number of heaps is odd
/// or the first index (from 0) of a smallest heap is odd. All queues of at most 5 heaps of
/// size at most 6 (`None` checked on those with a 1-heap).
#[test]
fn rotisserie_theorem_5_3_corrected() {
    theorem_5_3_corrected_up_to(5, 6);
}

/// BBT-5.3 corrected on all queues of at most 7 heaps of size at most 7.
#[test]
#[ignore = "about 5 s in the test profile; run with --ignored"]
fn rotisserie_theorem_5_3_corrected_large() {
    theorem_5_3_corrected_up_to(7, 7);
}

fn theorem_5_3_corrected_up_to(max_len: usize, max: u64) {
    let mut brute = Brute::new(RotisserieNim);
    for l in lists(max_len, 1, max) {
        let p = queue_of(l);
        let applies = !p.is_empty() && p.heaps().iter().all(|&h| h >= 2);
        match rotisserie::all_big_outcome_corrected(&p) {
            Some(o) => assert_eq!(o, brute.outcome(&p), "{p}"),
            None => assert!(!applies, "{p}"),
        }
    }
}

/// BBT-5.4: `(1, a1, a2)` with `a1 > a2` is in P. All queues of three heaps of size at most
/// 16.
#[test]
fn rotisserie_theorem_5_4_front_one() {
    let mut brute = Brute::new(RotisserieNim);
    let mut applied = 0;
    for l in lists(3, 1, 16) {
        let p = queue_of(l);
        if let Some(o) = rotisserie::front_one_outcome(&p) {
            assert_eq!(o, brute.outcome(&p), "{p}");
            applied += 1;
        }
    }
    assert_eq!(applied, 16 * 15 / 2);
}

/// BBT-5.4 read for any number of heaps (`a0 = 1`, `a1 > a2`, then P) is false: the smallest
/// counterexample among queues of 3 to 5 heaps of size at most 5 is `(1, 3, 2, 1)`, in N
/// (its only move reaches `(3, 2, 1)`, in P by Theorem 5.7).
#[test]
fn rotisserie_theorem_5_4_fails_beyond_three_heaps() {
    let mut brute = Brute::new(RotisserieNim);
    let first = lists(5, 1, 5)
        .into_iter()
        .map(queue_of)
        .filter(|p| p.len() >= 3)
        .find(|p| {
            let h = p.heaps();
            h[0] == 1 && h[1] > h[2] && brute.outcome(p) != Outcome::P
        })
        .expect("a counterexample");
    assert_eq!(first.to_string(), "1 3 2 1");
    assert_eq!(brute.outcome(&first), Outcome::N);
    assert_eq!(rotisserie::front_one_outcome(&first), None);
}

/// BBT-5.5: when the tail and the whole queue are in N, the named requeue move reaches a
/// P-position. All queues of at most 5 heaps of size at most 6.
#[test]
fn rotisserie_lemma_5_5_requeue() {
    let mut brute = Brute::new(RotisserieNim);
    let mut applied = 0;
    for l in lists(5, 1, 6) {
        let p = queue_of(l);
        if p.is_empty() {
            continue;
        }
        let (tail, whole) = (brute.outcome(&p.tail()), brute.outcome(&p));
        match rotisserie::requeue_winning_move(&p, tail, whole) {
            Some(mv) => {
                let next = RotisserieNim.play_checked(&p, &mv).expect("legal");
                assert_eq!(brute.outcome(&next), Outcome::P, "{p}: {mv}");
                applied += 1;
            }
            None => assert!(tail.is_p() || whole.is_p(), "{p}"),
        }
    }
    assert!(applied > 1000, "{applied}");
}

/// BBT-5.6: if `L` is in P, so is every `(a0⁻, a1⁺, a2⁻, ...)`. All pairs of queues of the
/// same length, at most 4 heaps of size at most 5.
#[test]
fn rotisserie_lemma_5_6_alternating_bounds() {
    let mut brute = Brute::new(RotisserieNim);
    let all: Vec<(Queue, Outcome)> = lists(4, 1, 5)
        .into_iter()
        .map(|l| {
            let p = queue_of(l);
            let o = brute.outcome(&p);
            (p, o)
        })
        .collect();
    let mut applied = 0;
    for (known, known_outcome) in &all {
        for (p, o) in all.iter().filter(|(p, _)| p.len() == known.len()) {
            if let Some(predicted) = rotisserie::alternating_bound_outcome(known, *known_outcome, p)
            {
                assert_eq!(predicted, *o, "{known} is P, so {p} should be");
                applied += 1;
            }
        }
    }
    assert!(applied > 1000, "{applied}");
}

/// BBT-5.7: `(a0, a1, a2)` with `a0 > 1` is in P exactly when `a1 > 1` and `a2 = 1`. All
/// queues of three heaps of size at most 16.
#[test]
fn rotisserie_theorem_5_7_big_front() {
    let mut brute = Brute::new(RotisserieNim);
    for l in lists(3, 1, 16) {
        let p = queue_of(l);
        match rotisserie::big_front_outcome(&p) {
            Some(o) => assert_eq!(o, brute.outcome(&p), "{p}"),
            None => assert!(p.len() != 3 || p.front() == Some(1), "{p}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Greedy Nim (§6.1)

/// The number of copies of `a` in the multiset `m`: the paper's `#_m(a)`.
fn copies(m: &[u64], a: u64) -> usize {
    m.iter().filter(|&&h| h == a).count()
}

/// Definition 6.1 of Greedy Nim, word for word: `m2` is an option of `m` exactly when some
/// `x ∈ m` is a greatest element, `#m(x) = 1 + #m2(x)`, and either (1) every `a ∈ m ∪ m2` is
/// `x` or has `#m(a) = #m2(a)`, or (2) some `b ∈ m \ {x}` has `#m(b) + 1 = #m2(b)` and
/// every `a ≠ b` in `m ∪ m2` is `x` or has `#m(a) = #m2(a)`. (`m \ {x}` read as a set or as
/// a multiset gives the same options: `b = x` would need `#m2(x)` both one less and one more
/// than `#m(x)`.)
fn definition_6_1_option(m: &[u64], m2: &[u64]) -> bool {
    let union: BTreeSet<u64> = m.iter().chain(m2).copied().collect();
    let unchanged_but = |x: u64, b: Option<u64>| {
        union.iter().filter(|&&a| Some(a) != b).all(|&a| x == a || copies(m, a) == copies(m2, a))
    };
    m.iter().any(|&x| {
        m.iter().all(|&y| x >= y)
            && copies(m, x) == 1 + copies(m2, x)
            && (unchanged_but(x, None)
                || m.iter()
                    .filter(|&&b| b != x)
                    .any(|&b| copies(m, b) + 1 == copies(m2, b) && unchanged_but(x, Some(b))))
    })
}

/// The prose rule of §6.1: `m2` is `m` with one heap of the greatest size `x` reduced to
/// some `y < x` (and dropped when `y = 0`). Both multisets sorted.
fn prose_option(m: &[u64], m2: &[u64]) -> bool {
    let Some(&x) = m.iter().max() else { return false };
    (0..x).any(|y| {
        let mut reduced = m.to_vec();
        let at = reduced.iter().position(|&h| h == x).expect("x is in m");
        reduced.remove(at);
        if y > 0 {
            reduced.push(y);
        }
        reduced.sort_unstable();
        reduced == m2
    })
}

/// The options of `p` under `ruleset`, each sorted (as multisets).
fn sorted_options<R: Ruleset<Position = Heaps>>(ruleset: &R, p: &Heaps) -> BTreeSet<Vec<u64>> {
    ruleset
        .move_list(p)
        .iter()
        .map(|mv| {
            let mut heaps = ruleset.play(p, mv).heaps().to_vec();
            heaps.sort_unstable();
            heaps
        })
        .collect()
}

/// BBT-6.1: the two readings of Greedy Nim. On every multiset `M` of at most 4 heaps of size
/// at most 5, with every multiset of at most 5 heaps of size at most 6 as a candidate `M'`:
/// the options that Definition 6.1 read word for word admits are exactly those of
/// `LiteralGreedyNim`, and the options of the prose rule exactly those of `GreedyNim`. The
/// readings differ: the literal options are the prose options that keep every size among
/// the sizes of `M` (no reduction to a new size), the smallest position where they differ is
/// `2` (prose options `1` and the empty position, literal only the empty one), and they are
/// different games: `2` is `*2` under the prose and `*` under the literal reading.
#[test]
fn greedy_definition_6_1_readings() {
    let multisets = |len, max| -> Vec<Vec<u64>> {
        lists(len, 1, max).into_iter().filter(|l| l.windows(2).all(|w| w[0] <= w[1])).collect()
    };
    let candidates = multisets(5, 6);
    let mut differ = Vec::new();
    for m in multisets(4, 5) {
        let p = Heaps::new(m.clone()).expect("positive heaps");
        let literal: BTreeSet<Vec<u64>> =
            candidates.iter().filter(|m2| definition_6_1_option(&m, m2)).cloned().collect();
        let prose: BTreeSet<Vec<u64>> =
            candidates.iter().filter(|m2| prose_option(&m, m2)).cloned().collect();
        assert_eq!(literal, sorted_options(&LiteralGreedyNim, &p), "{p}");
        assert_eq!(prose, sorted_options(&GreedyNim, &p), "{p}");
        // The literal options are the prose options that create no size.
        let no_new_size: BTreeSet<Vec<u64>> =
            prose.iter().filter(|m2| m2.iter().all(|h| m.contains(h))).cloned().collect();
        assert_eq!(literal, no_new_size, "{p}");
        if literal != prose {
            differ.push(p);
        }
    }
    assert_eq!(differ[0].to_string(), "2");
    // They differ exactly when some size below the greatest is missing from the multiset.
    assert_eq!(differ.len(), multisets(4, 5).iter().filter(|m| has_gap_below_max(m)).count());
    let two = Heaps::new([2]).expect("positive heap");
    assert_eq!(Brute::new(GreedyNim).value(&two), Nimber::new(2));
    assert_eq!(Brute::new(LiteralGreedyNim).value(&two), Nimber::new(1));
}

/// Whether some size in `1..max` is missing from the multiset, `max` its greatest element.
fn has_gap_below_max(m: &[u64]) -> bool {
    m.iter().max().is_some_and(|&max| (1..max).any(|y| !m.contains(&y)))
}

/// BBT-6.2 under the prose reading (`GreedyNim`): P exactly when the number of largest heaps
/// is even. All lists of at most 5 heaps of size at most 7.
#[test]
fn greedy_theorem_6_2() {
    greedy_up_to(GreedyNim, 5, 7);
}

/// BBT-6.2 (prose reading) on all lists of at most 6 heaps of size at most 9.
#[test]
#[ignore = "about 5 s in the test profile; run with --ignored"]
fn greedy_theorem_6_2_large() {
    greedy_up_to(GreedyNim, 6, 9);
}

/// BBT-6.2 under Definition 6.1 read literally (`LiteralGreedyNim`): the same outcomes. All
/// lists of at most 5 heaps of size at most 7.
#[test]
fn greedy_theorem_6_2_literal_reading() {
    greedy_up_to(LiteralGreedyNim, 5, 7);
}

/// BBT-6.2 (literal reading) on all lists of at most 6 heaps of size at most 9.
#[test]
#[ignore = "about 5 s in the test profile; run with --ignored"]
fn greedy_theorem_6_2_literal_reading_large() {
    greedy_up_to(LiteralGreedyNim, 6, 9);
}

fn greedy_up_to<R: Ruleset<Position = Heaps>>(ruleset: R, max_len: usize, max: u64) {
    let mut brute = Brute::new(ruleset);
    for l in lists(max_len, 1, max) {
        let p = Heaps::new(l).expect("positive heaps");
        assert_eq!(greedy::outcome(&p), brute.outcome(&p), "{p}");
    }
}

// ---------------------------------------------------------------------------------------------
// The fast solver (with the rulesets' shortcuts) against the naive one; text round trips.

fn small_heaps(max_len: usize, max: u64) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(1..=max, 0..=max_len)
}

fn check_solver<R: Ruleset>(ruleset: &R, p: &R::Position) -> Result<(), TestCaseError> {
    let mut solver = Solver::new(ruleset);
    prop_assert_eq!(solver.value(p).unwrap(), naive::value(ruleset, p));
    prop_assert_eq!(solver.outcome(p).unwrap(), naive::outcome(ruleset, p));
    prop_assert_eq!(solver.winning_moves(p).unwrap(), naive::winning_moves(ruleset, p));
    Ok(())
}

fn any_heap() -> impl Strategy<Value = u64> {
    prop_oneof![1..=10u64, 1..=u64::MAX, Just(u64::MAX)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn antonim_solver_agrees_with_naive(heaps in prop::collection::btree_set(1..=6u64, 0..=3)) {
        check_solver(&Antonim, &HeapSet::new(heaps).unwrap())?;
    }

    #[test]
    fn tower_solver_agrees_with_naive(heaps in small_heaps(4, 4)) {
        check_solver(&TowerNim, &tower_of(heaps))?;
    }

    #[test]
    fn rotisserie_solver_agrees_with_naive(heaps in small_heaps(4, 4)) {
        check_solver(&RotisserieNim, &queue_of(heaps))?;
    }

    #[test]
    fn greedy_solver_agrees_with_naive(heaps in small_heaps(4, 4)) {
        check_solver(&GreedyNim, &Heaps::new(heaps).unwrap())?;
    }

    #[test]
    fn literal_greedy_solver_agrees_with_naive(heaps in small_heaps(5, 6)) {
        check_solver(&LiteralGreedyNim, &Heaps::new(heaps).unwrap())?;
    }

    /// BBT-6.2 under the literal reading on big heaps: no move creates a size, so the search
    /// stays small whatever the sizes. Up to 10 heaps of any size (small sizes, to make ties
    /// likely, or up to `u64::MAX`).
    #[test]
    fn greedy_theorem_6_2_literal_reading_any_size(
        heaps in prop::collection::vec(prop_oneof![1..=4u64, any_heap()], 0..=10),
    ) {
        let p = Heaps::new(heaps).unwrap();
        let value = Solver::new(Plain(LiteralGreedyNim)).value(&p).unwrap();
        prop_assert_eq!(greedy::outcome(&p), Outcome::from_value(value), "{}", p);
    }

    #[test]
    fn antonim_round_trip(heaps in prop::collection::btree_set(any_heap(), 0..8)) {
        let p = HeapSet::new(heaps.iter().rev().copied()).unwrap();
        prop_assert_eq!(p.to_string().parse::<HeapSet>().unwrap(), p.clone());
        let sorted: Vec<u64> = heaps.into_iter().collect();
        prop_assert_eq!(p.heaps(), sorted.as_slice());
    }

    #[test]
    fn tower_round_trip(heaps in prop::collection::vec(any_heap(), 0..8)) {
        let p = tower_of(heaps);
        prop_assert_eq!(p.to_string().parse::<Tower>().unwrap(), p);
    }

    #[test]
    fn rotisserie_round_trip(heaps in prop::collection::vec(any_heap(), 0..8)) {
        let p = queue_of(heaps);
        prop_assert_eq!(p.to_string().parse::<Queue>().unwrap(), p);
    }

    #[test]
    fn greedy_round_trip(heaps in prop::collection::vec(any_heap(), 0..8)) {
        let p = Heaps::new(heaps).unwrap();
        prop_assert_eq!(p.to_string().parse::<Heaps>().unwrap(), p);
    }

    #[test]
    fn antonim_rejects_repeats_naming_them(
        heaps in prop::collection::btree_set(any_heap(), 1..6),
        at in 0usize..6,
    ) {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        let mut with_repeat = heaps.clone();
        let i = at % heaps.len();
        with_repeat.push(heaps[i]);
        let text = with_repeat.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let err = text.parse::<HeapSet>().unwrap_err();
        let token = format!("'{}'", heaps[i]);
        prop_assert!(err.to_string().starts_with("duplicate heap "), "{}", err);
        prop_assert!(err.to_string().contains(&token), "{}", err);
    }
}

/// Every Antonim set parses to the same set whatever the order of its heaps.
#[test]
fn antonim_parse_ignores_order() {
    let sets: BTreeSet<HeapSet> =
        ["1 4 9", "9 4 1", "4, 1, 9"].iter().map(|s| s.parse().expect("valid")).collect();
    assert_eq!(sets.len(), 1);
}

/// The canonical form of Greedy Nim (sorted heaps) keeps values, under both readings: all
/// lists of at most 4 heaps of size at most 4.
#[test]
fn greedy_canonical_form_keeps_values() {
    canonical_form_keeps_values(GreedyNim);
    canonical_form_keeps_values(LiteralGreedyNim);
}

fn canonical_form_keeps_values<R: Ruleset<Position = Heaps> + Copy>(ruleset: R) {
    let mut brute = Brute::new(ruleset);
    let mut by_form: HashMap<Heaps, Nimber> = HashMap::new();
    for l in lists(4, 1, 4) {
        let p = Heaps::new(l).expect("positive heaps");
        let v = brute.value(&p);
        assert_eq!(*by_form.entry(ruleset.canonical(&p)).or_insert(v), v, "{p}");
    }
}

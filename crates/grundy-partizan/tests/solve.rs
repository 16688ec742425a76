//! Tests of the solver (`solve`): canonical forms with components, keys, closed forms and a
//! bounded table agree with the reference `naive::canonical_form`; budgets stop and resume.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use grundy_core::{Budget, SolveError};
use grundy_partizan::{
    Dyadic, Game, GameStore, PartizanRuleset, Player, naive,
    solve::{self, Solver},
};
use proptest::prelude::*;

/// Sums of heaps of a partizan subtraction game: Left takes an amount of `left` from one heap,
/// Right an amount of `right`. Components are the heaps; the key sorts the heaps.
#[derive(Clone, Debug)]
struct Subtraction {
    left: Vec<u32>,
    right: Vec<u32>,
}

impl PartizanRuleset for Subtraction {
    type Position = Vec<u32>;
    type Move = (usize, u32);

    fn moves(&self, heaps: &Vec<u32>, player: Player, moves: &mut Vec<(usize, u32)>) {
        let set = match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        };
        for (i, &h) in heaps.iter().enumerate() {
            moves.extend(set.iter().filter(|&&t| t <= h).map(|&t| (i, t)));
        }
    }

    fn play(&self, heaps: &Vec<u32>, _: Player, &(i, take): &(usize, u32)) -> Vec<u32> {
        let mut next = heaps.clone();
        next[i] -= take;
        next
    }

    fn components(&self, heaps: &Vec<u32>, parts: &mut Vec<Vec<u32>>) {
        parts.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }

    fn canonical_key(&self, heaps: &Vec<u32>) -> Vec<u32> {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        key
    }
}

/// Blue-Red Hackenbush forests of strings (`true` for a blue edge, Left's), with Berlekamp's
/// rule as the closed form of a single string: the solver must trust and use it.
struct Forest;

impl PartizanRuleset for Forest {
    type Position = Vec<Vec<bool>>;
    type Move = (usize, usize);

    fn moves(&self, strings: &Vec<Vec<bool>>, player: Player, moves: &mut Vec<(usize, usize)>) {
        let blue = player == Player::Left;
        for (s, edges) in strings.iter().enumerate() {
            moves.extend((0..edges.len()).filter(|&i| edges[i] == blue).map(|i| (s, i)));
        }
    }

    fn play(
        &self,
        strings: &Vec<Vec<bool>>,
        _: Player,
        &(s, i): &(usize, usize),
    ) -> Vec<Vec<bool>> {
        let mut next = strings.clone();
        next[s].truncate(i);
        next
    }

    fn components(&self, strings: &Vec<Vec<bool>>, parts: &mut Vec<Vec<Vec<bool>>>) {
        parts.extend(strings.iter().filter(|s| !s.is_empty()).map(|s| vec![s.clone()]));
    }

    fn known_value(&self, strings: &Vec<Vec<bool>>, store: &mut GameStore) -> Option<Game> {
        let [edges] = strings.as_slice() else { return None };
        let sign = |e: bool| if e { 1 } else { -1 };
        let run = edges.iter().take_while(|&&e| Some(&e) == edges.first()).count();
        let first = edges.first().map_or(0, |&e| sign(e));
        let mut x = Dyadic::from(i64::try_from(run).ok()? * first);
        for (k, &e) in edges[run..].iter().enumerate() {
            x = x + Dyadic::new(sign(e), u32::try_from(k + 1).ok()?);
        }
        Some(store.number(x))
    }
}

fn sets() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::btree_set(1u32..=5, 1..=3).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// With components and sorted keys, the solver gives the reference's canonical form, with
    /// any table size (down to two entries, so that entries are evicted all the time).
    #[test]
    fn solver_agrees_with_the_reference(
        left in sets(),
        right in sets(),
        heaps in prop::collection::vec(0u32..=9, 0..=3),
        entries in prop_oneof![Just(2usize), Just(16), Just(1 << 16)],
    ) {
        let game = Subtraction { left, right };
        let mut store = GameStore::new();
        let plain = naive::canonical_form(&game, &heaps, &mut store);
        let hooked = solve::canonical_form(&game, &heaps, &mut store);
        prop_assert_eq!(hooked, plain);

        let mut solver = Solver::new(&game).with_table_entries(entries);
        let g = solver.canonical_form(&heaps).unwrap();
        // The solver has its own store: compare by printing both (canonical forms print
        // alike exactly when they are equal).
        prop_assert_eq!(solver.store().display(g).to_string(), store.display(plain).to_string());
        prop_assert!(solver.table_len() <= entries.max(2));
        let outcome = solver.outcome(&heaps).unwrap();
        prop_assert_eq!(outcome, store.outcome(plain));
    }

    /// A closed form (`known_value`) is used, and the result still agrees with the reference.
    #[test]
    fn known_values_are_used(
        strings in prop::collection::vec(prop::collection::vec(any::<bool>(), 0..=5), 0..=3),
    ) {
        let mut store = GameStore::new();
        let plain = naive::canonical_form(&Forest, &strings, &mut store);
        let mut solver = Solver::new(&Forest).with_store(store);
        let g = solver.canonical_form(&strings).unwrap();
        prop_assert_eq!(g, plain);
        let stats = solver.stats();
        prop_assert_eq!(stats.known_values, strings.iter().filter(|s| !s.is_empty()).count() as u64);
        prop_assert_eq!(stats.nodes, 0);
    }

    /// A node budget that runs out gives `NodeLimit`; what was proved stays, so that a
    /// second call with no budget finishes with the reference's value having redone at most
    /// the `limit` nodes of the first call (the ones still open when it stopped).
    #[test]
    fn a_node_budget_stops_and_the_next_call_resumes(
        left in sets(),
        right in sets(),
        heaps in prop::collection::vec(0u32..=20, 1..=3),
        limit in 1u64..=12,
    ) {
        let game = Subtraction { left, right };
        let mut fresh = Solver::new(&game);
        let g = fresh.canonical_form(&heaps).unwrap();
        let needed = fresh.stats().nodes;

        // The second solver starts from the first one's store (its table stays empty), so that
        // the values compare as handles: printing them can take exponential space, as the
        // forms of these hot games share subgames that the text repeats.
        let mut solver = Solver::new(&game)
            .with_store(fresh.into_store())
            .with_budget(Budget::unlimited().with_max_nodes(limit));
        match solver.canonical_form(&heaps) {
            Ok(h) => {
                prop_assert!(needed <= limit);
                prop_assert_eq!(h, g);
            }
            Err(e) => {
                prop_assert!(needed > limit);
                prop_assert_eq!(e, SolveError::NodeLimit { limit });
                prop_assert!(solver.stats().nodes <= limit);
            }
        }
        let h = solver.canonical_form_within(&heaps, &Budget::unlimited()).unwrap();
        prop_assert_eq!(h, g);
        prop_assert!(solver.stats().nodes <= needed + limit);
        prop_assert!(solver.stats().nodes >= needed);
    }
}

/// With memos bounded by 64 bytes and a table of two entries the store's memos are forgotten again and again (and the
/// table evicts): the canonical forms stay those of an unbounded solver.
#[test]
fn memos_forgotten_under_a_small_bound_change_no_value() {
    let game = Subtraction { left: vec![1, 3], right: vec![2, 3] };
    let mut small = Solver::new(&game).with_table_entries(2).with_memo_bytes(64);
    let mut large = Solver::new(&game);
    for heaps in [vec![12], vec![12, 11], vec![10, 9, 8]] {
        let g = small.canonical_form(&heaps).unwrap();
        let h = large.canonical_form(&heaps).unwrap();
        assert_eq!(small.store().display(g).to_string(), large.store().display(h).to_string());
        assert_eq!(small.outcome(&heaps).unwrap(), large.outcome(&heaps).unwrap());
    }
    assert!(small.stats().memo_clears > 0, "{:?}", small.stats());
    assert_eq!(large.stats().memo_clears, 0);
}

fn game() -> Subtraction {
    Subtraction { left: vec![1, 3], right: vec![2, 3] }
}

/// The node limit counts expanded components only; a large enough one suffices.
#[test]
fn node_limits_count_expanded_components() {
    let mut store = GameStore::new();
    let budget = Budget::unlimited().with_max_nodes(29);
    // Heap 30 has 30 components to expand (the heaps 1..=30; heap 0 is no component).
    let err = solve::canonical_form_within(&game(), &vec![30], &mut store, &budget);
    assert_eq!(err, Err(SolveError::NodeLimit { limit: 29 }));
    let budget = Budget::unlimited().with_max_nodes(30);
    let g = solve::canonical_form_within(&game(), &vec![30], &mut store, &budget).unwrap();
    assert_eq!(g, naive::canonical_form(&game(), &vec![30], &mut store));
    let mut solver = Solver::new(game());
    solver.canonical_form(&vec![30, 30, 7]).unwrap();
    assert_eq!(solver.stats().nodes, 30);
    assert!(solver.stats().max_depth >= 10, "heap 30 needs a game of 10 moves or more");
    assert!(solver.stats().table_hits > 0);
}

/// A cancellation flag set before the call, or a zero time limit, stops it at once.
#[test]
fn cancellation_and_time_limits_stop_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::new(game());
    let cancelled = Budget::unlimited().with_cancel_flag(flag.clone());
    assert_eq!(solver.canonical_form_within(&vec![40], &cancelled), Err(SolveError::Cancelled));
    let no_time = Budget::unlimited().with_time_limit(Duration::ZERO);
    assert_eq!(
        solver.canonical_form_within(&vec![40], &no_time),
        Err(SolveError::TimeLimit { limit: Duration::ZERO })
    );
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    let g = solver.canonical_form_within(&vec![40], &cancelled).unwrap();
    let mut store = GameStore::new();
    let plain = naive::canonical_form(&game(), &vec![40], &mut store);
    assert_eq!(solver.store().display(g).to_string(), store.display(plain).to_string());
    // Positions without moves of their own (no component) need no node at all.
    assert_eq!(solver.canonical_form_within(&vec![0, 0], &cancelled), Ok(solver.store().zero()));
}

/// The store's games cannot be forgotten: a search whose games outgrow their quarter of the
/// bound stops with `MemoryLimit`, and a roomier bound answers the same question.
#[test]
fn games_beyond_their_quarter_of_the_bound_stop_the_search() {
    let game = game();
    let heaps = vec![14, 13, 12];
    let mut tight = Solver::new(&game).with_table_bytes(4096);
    // The bound is checked before each component is expanded: the games of the last
    // expansions and of the final sum may pass it, and the next expansion stops.
    let first = tight.canonical_form(&heaps);
    assert!(tight.store().game_bytes() > 1024);
    assert_eq!(tight.canonical_form(&vec![20]), Err(SolveError::MemoryLimit { bytes: 1024 }));
    if let Err(e) = first {
        assert_eq!(e, SolveError::MemoryLimit { bytes: 1024 });
    }
    let mut roomy = Solver::new(&game).with_table_bytes(16 << 20);
    let g = roomy.canonical_form(&heaps).unwrap();
    let mut store = GameStore::new();
    let expected = naive::canonical_form(&game, &heaps, &mut store);
    assert_eq!(roomy.store().display(g).to_string(), store.display(expected).to_string());
    assert!(roomy.store().game_bytes() <= 4 << 20);
}

//! The progress of a budget: the positions the solvers report to it, read from another thread.

use std::sync::Arc;
use std::thread;

use grundy_core::{Budget, Config, Nimber, Progress, Ruleset, SolveError, Solver};

/// A subtraction game: take 1, 3 or 4 tokens from one heap. Every heap size below the start
/// is expanded once, so a heap of `n` tokens costs about `n` nodes.
struct Subtraction;

impl Ruleset for Subtraction {
    type Position = u32;
    type Move = u32;

    fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
        moves.extend([1, 3, 4].into_iter().filter(|take| take <= heap));
    }

    fn play(&self, heap: &u32, take: &u32) -> u32 {
        heap - take
    }
}

/// Values of the subtraction set {1, 3, 4}: period 7, 0 1 0 1 2 3 2.
fn expected(heap: u32) -> Nimber {
    Nimber::new([0, 1, 0, 1, 2, 3, 2][(heap % 7) as usize])
}

/// The distance between two counts.
fn gap(a: u64, b: u64) -> u64 {
    a.abs_diff(b)
}

#[test]
fn a_search_on_another_thread_reports_its_nodes() {
    let progress = Arc::new(Progress::new());
    assert_eq!(progress.nodes(), 0);
    let budget = Budget::unlimited().with_progress(Arc::clone(&progress));
    let heap = 20_000;
    let search = thread::spawn(move || {
        let mut solver = Solver::with_config(&Subtraction, Config::default().with_budget(budget));
        let value = solver.value(&heap);
        (value, solver.stats().nodes)
    });
    // Polled while the search runs: the count never goes down.
    let mut last = 0;
    while !search.is_finished() {
        let now = progress.nodes();
        assert!(now >= last, "{now} < {last}");
        last = now;
        thread::yield_now();
    }
    let (value, nodes) = search.join().expect("the search thread panicked");
    assert_eq!(value, Ok(expected(heap)));
    assert!(nodes > 1000, "the test game is too small: {nodes} nodes");
    let reported = progress.nodes();
    assert!(reported > 0 && reported >= last);
    assert!(gap(reported, nodes) <= Progress::POLL_INTERVAL, "{reported} vs {nodes}");
}

#[test]
fn a_call_stopped_by_its_node_limit_reports_what_it_did() {
    let progress = Arc::new(Progress::new());
    let budget = Budget::unlimited().with_max_nodes(1500).with_progress(Arc::clone(&progress));
    let mut solver = Solver::with_config(&Subtraction, Config::default().with_budget(budget));
    assert_eq!(solver.value(&20_000), Err(SolveError::NodeLimit { limit: 1500 }));
    let nodes = solver.stats().nodes;
    assert!(nodes >= 1500);
    assert!(
        gap(progress.nodes(), nodes) <= Progress::POLL_INTERVAL,
        "{} vs {nodes}",
        progress.nodes()
    );
}

#[test]
fn budgets_sharing_a_progress_add_up() {
    let progress = Arc::new(Progress::new());
    let first = Budget::unlimited().with_progress(Arc::clone(&progress));
    let second = Budget::unlimited().with_max_nodes(1 << 40).with_progress(Arc::clone(&progress));
    assert!(Arc::ptr_eq(first.progress().expect("attached"), second.progress().expect("attached")));
    let mut a = Solver::with_config(&Subtraction, Config::default().with_budget(first));
    let mut b = Solver::with_config(&Subtraction, Config::default().with_budget(second.clone()));
    assert_eq!(a.value(&5000), Ok(expected(5000)));
    assert_eq!(b.value(&7000), Ok(expected(7000)));
    // A clone of a budget shares its progress too; so do the budgets derived from it.
    assert!(second.without_max_nodes().progress().is_some_and(|p| Arc::ptr_eq(p, &progress)));
    let total = a.stats().nodes + b.stats().nodes;
    assert!(
        gap(progress.nodes(), total) <= 2 * Progress::POLL_INTERVAL,
        "{} vs {total}",
        progress.nodes()
    );
    // Several calls of one solver add up as well.
    let before = progress.nodes();
    assert_eq!(a.value(&9000), Ok(expected(9000)));
    assert!(progress.nodes() > before);
}

#[test]
fn external_reports_and_the_table_fill() {
    let progress = Arc::new(Progress::new());
    let budget = Budget::unlimited().with_progress(Arc::clone(&progress));
    budget.report_nodes(7);
    budget.clone().report_nodes(3);
    assert_eq!(progress.nodes(), 10);
    progress.add_nodes(u64::MAX);
    assert_eq!(progress.nodes(), u64::MAX, "the count saturates");
    // Without a progress a report goes nowhere.
    Budget::unlimited().report_nodes(5);
    assert!(Budget::unlimited().progress().is_none());

    assert_eq!(progress.table_fill(), None);
    progress.set_table_fill(0.25);
    assert_eq!(progress.table_fill(), Some(0.25));
    progress.set_table_fill(f64::NAN);
    assert_eq!(progress.table_fill(), Some(0.25));
    progress.set_table_fill(7.0);
    assert_eq!(progress.table_fill(), Some(1.0));
    progress.set_table_fill(-1.0);
    assert_eq!(progress.table_fill(), Some(0.0));
    let earlier = progress.elapsed();
    assert!(progress.elapsed() >= earlier, "the clock never goes back");
}

#[cfg(feature = "serde")]
#[test]
fn a_progress_is_not_serialised() {
    let plain = Budget::unlimited().with_max_nodes(9);
    let with = plain.clone().with_progress(Arc::new(Progress::new()));
    let text = serde_json::to_string(&with).expect("a budget serialises");
    assert_eq!(text, serde_json::to_string(&plain).expect("a budget serialises"));
    let back: Budget = serde_json::from_str(&text).expect("and deserialises");
    assert!(back.progress().is_none());
    assert_eq!(back.max_nodes(), Some(9));
}

#[cfg(feature = "rayon")]
#[test]
fn the_threads_of_a_parallel_search_report_to_one_progress() {
    #[derive(Clone)]
    struct Shared;
    impl Ruleset for Shared {
        type Position = u32;
        type Move = u32;
        fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
            Subtraction.moves(heap, moves);
        }
        fn play(&self, heap: &u32, take: &u32) -> u32 {
            heap - take
        }
        fn word_key(&self, heap: &u32) -> Option<u64> {
            Some(u64::from(*heap))
        }
    }
    let progress = Arc::new(Progress::new());
    let config = Config::default()
        .with_table_bytes(8 << 20)
        .with_budget(Budget::unlimited().with_progress(Arc::clone(&progress)));
    let value = grundy_core::solver::par_value(Shared, &5000, &config, 2);
    assert_eq!(value, Ok(expected(5000)));
    assert!(progress.nodes() > 0);
}

/// Two heaps; a move takes 1 or 2 tokens from one of them. The search stores facts from its
/// first leaf on, and a position `(a, b)` costs about `a · b` nodes.
struct TwoHeaps;

impl Ruleset for TwoHeaps {
    type Position = (u32, u32);
    type Move = (bool, u32);

    fn moves(&self, &(a, b): &(u32, u32), moves: &mut Vec<(bool, u32)>) {
        moves.extend([1, 2].into_iter().filter(|&t| t <= a).map(|t| (true, t)));
        moves.extend([1, 2].into_iter().filter(|&t| t <= b).map(|t| (false, t)));
    }

    fn play(&self, &(a, b): &(u32, u32), &(first, take): &(bool, u32)) -> (u32, u32) {
        if first { (a - take, b) } else { (a, b - take) }
    }
}

/// Core's solver records its tables' fill at the poll points: a fraction of what they hold at
/// their bound, which a small bound makes large.
#[test]
fn the_solver_reports_its_table_fill() {
    let fill = |bytes: usize| {
        let progress = Arc::new(Progress::new());
        let budget = Budget::unlimited().with_progress(Arc::clone(&progress));
        let config = Config::default().with_table_bytes(bytes).with_budget(budget);
        let mut solver = Solver::with_config(&TwoHeaps, config);
        // Each heap is a subtraction game {1, 2}: value n mod 3; the sum is their nim-sum.
        let expected = Nimber::new(1); // 100 mod 3 = 1, 90 mod 3 = 0
        assert_eq!(solver.value(&(100, 90)), Ok(expected));
        progress.table_fill().expect("a search of 9000 nodes passes poll points")
    };
    let (small, large) = (fill(64 << 10), fill(256 << 20));
    assert!(small > 0.0 && small <= 1.0, "{small}");
    assert!(large < small, "{large} {small}");
    // A search too short to reach a poll point reports no fill.
    let progress = Arc::new(Progress::new());
    let budget = Budget::unlimited().with_progress(Arc::clone(&progress));
    let mut solver = Solver::with_config(&Subtraction, Config::default().with_budget(budget));
    assert_eq!(solver.value(&10), Ok(expected(10)));
    assert_eq!(progress.table_fill(), None);
}

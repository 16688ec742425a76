//! The abandonment of the parallel search, forced (cargo feature `rayon`).
//!
//! In [`par_value`](grundy_core::solver::par_value) several solvers share one table; the first
//! to answer raises a stop flag and the others give up. A bug there (an abandoned solver's
//! partial result stored as a fact, or the answer taken from an abandoned search) shows only
//! when a solver is in the middle of its search at the moment another answers, which a plain
//! run reaches now and then. These tests force that moment: each worker gets a ruleset that
//! blocks, inside `moves`, at a chosen position (the trap) until the other worker's ruleset has
//! been dropped, which happens only after that worker answered and raised the stop flag. The
//! blocked worker then goes on with its search, finds the flag raised and gives up.
//!
//! Each test checks that (a) the answer is the value of the reference, (b) every fact left in
//! the shared table is true, (c) later searches on the same table, in parallel and alone,
//! still give the right values, and that the blocked worker was indeed abandoned
//! (`Err(Cancelled)`), so that the test exercises what it claims to.
//!
//! The game: `Root` has three moves, to `Heap(40)` (value 0), `Heap(42)` (value 2) and `Gate`
//! (value 1): its value is 3. `Gate` has one move, to the trap `Grid(60, 63)`, of value 0.
//! Heaps are a subtraction game (take 1, 2 or 3: value `n mod 4`); a grid `(x, y)` is the sum
//! of two such heaps, take 1 to 3 from `x` or 1 to 2 from `y`, of value
//! `(x mod 4) xor (y mod 3)`, played as one component. The grids have no word key, so their
//! facts are private to each solver: a worker released at the trap must search its 3904
//! positions itself, and meets the stop flag (read every 1024 positions) on the way, whatever
//! the others stored. A partial result of `Gate` (no child seen: 0) or of `Root` (0 or 1)
//! differs from its value, so storing one would be caught by (b) and (c).
#![cfg(feature = "rayon")]

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

mod common;
use common::Kayles;
use grundy_core::compact::{MIN_BYTES, SharedTable};
use grundy_core::solver::race_on;
use grundy_core::{
    Budget, Config, Method, Nimber, Outcome, Ruleset, SolveError, Solver, mex, naive,
};

/// A position of the test game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pos {
    Root,
    Gate,
    Heap(u8),
    Grid(u8, u8),
}

/// The trap: the position where a worker blocks.
const TRAP: Pos = Pos::Grid(60, 63);

/// What a worker's ruleset does at the trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Blocks at its first arrival until the other worker's ruleset is dropped.
    Blocked,
    /// Waits at its first arrival until the blocked worker has arrived (so that it cannot
    /// finish the trap, and so the whole game, before the other is in the middle of it).
    Waiting,
    /// Never waits.
    Free,
}

/// What the two workers of a race have done, guarded by one mutex.
#[derive(Debug, Default)]
struct Progress {
    blocked_arrived: bool,
    waiting_dropped: bool,
    /// Grid positions the blocked worker expanded after it was released.
    expanded_after_release: u64,
    released: bool,
}

/// How long a worker waits for the other before the test fails: a guard against a hang if the
/// parallel search changes so that the interleaving can no longer be reached, not a timing
/// assertion (the waits end as soon as the other worker gets there).
const HANG_GUARD: Duration = Duration::from_secs(120);

#[derive(Debug, Default)]
struct Shared {
    progress: Mutex<Progress>,
    changed: Condvar,
}

impl Shared {
    /// Waits until `done` holds; panics after [`HANG_GUARD`].
    fn wait_until(&self, what: &str, done: impl Fn(&Progress) -> bool) {
        let guard = self.progress.lock().unwrap();
        let (guard, timeout) =
            self.changed.wait_timeout_while(guard, HANG_GUARD, |p| !done(p)).unwrap();
        drop(guard);
        assert!(!timeout.timed_out(), "the forced interleaving was not reached: {what}");
    }

    fn update(&self, change: impl FnOnce(&mut Progress)) {
        change(&mut self.progress.lock().unwrap());
        self.changed.notify_all();
    }
}

/// The test game, with a worker's role at the trap.
#[derive(Debug)]
struct Trapped {
    role: Role,
    shared: Arc<Shared>,
    /// Whether this ruleset has already met the trap.
    arrived: Mutex<bool>,
}

impl Trapped {
    fn new(role: Role, shared: &Arc<Shared>) -> Self {
        Trapped { role, shared: Arc::clone(shared), arrived: Mutex::new(false) }
    }

    /// A ruleset that never waits.
    fn free() -> Self {
        Trapped::new(Role::Free, &Arc::default())
    }

    fn at_trap(&self) {
        let first = !core::mem::replace(&mut *self.arrived.lock().unwrap(), true);
        if !first {
            return;
        }
        match self.role {
            Role::Blocked => {
                self.shared.update(|p| p.blocked_arrived = true);
                self.shared.wait_until("the other worker never answered", |p| p.waiting_dropped);
                self.shared.update(|p| p.released = true);
            }
            Role::Waiting => self
                .shared
                .wait_until("the blocked worker never reached the trap", |p| p.blocked_arrived),
            Role::Free => {}
        }
    }
}

impl Drop for Trapped {
    fn drop(&mut self) {
        if self.role == Role::Waiting {
            self.shared.update(|p| p.waiting_dropped = true);
        }
    }
}

impl Ruleset for Trapped {
    type Position = Pos;
    type Move = Pos;

    fn moves(&self, position: &Pos, moves: &mut Vec<Pos>) {
        match *position {
            Pos::Root => moves.extend([Pos::Heap(40), Pos::Heap(42), Pos::Gate]),
            Pos::Gate => moves.push(TRAP),
            Pos::Heap(n) => moves.extend((1..=3).filter(|&t| t <= n).map(|t| Pos::Heap(n - t))),
            Pos::Grid(x, y) => {
                if *position == TRAP {
                    self.at_trap();
                }
                if self.role == Role::Blocked && self.shared.progress.lock().unwrap().released {
                    self.shared.update(|p| p.expanded_after_release += 1);
                }
                moves.extend((1..=3).filter(|&t| t <= x).map(|t| Pos::Grid(x - t, y)));
                moves.extend((1..=2).filter(|&t| t <= y).map(|t| Pos::Grid(x, y - t)));
            }
        }
    }

    fn play(&self, _position: &Pos, mv: &Pos) -> Pos {
        *mv
    }

    fn word_key(&self, position: &Pos) -> Option<u64> {
        match *position {
            Pos::Root => Some(1),
            Pos::Gate => Some(2),
            Pos::Heap(n) => Some(16 + u64::from(n)),
            Pos::Grid(..) => None,
        }
    }
}

/// The value of every position below `Root`, by memoised mex over the moves (the game is too
/// large for [`naive`], which [`reference_agrees_with_naive`] checks it against).
fn reference() -> HashMap<Pos, Nimber> {
    fn value(game: &Trapped, p: Pos, memo: &mut HashMap<Pos, Nimber>) -> Nimber {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let v = mex(game.move_list(&p).iter().map(|c| value(game, *c, memo)).collect::<Vec<_>>());
        memo.insert(p, v);
        v
    }
    let game = Trapped::free();
    let mut memo = HashMap::new();
    value(&game, Pos::Root, &mut memo);
    memo
}

#[test]
fn reference_agrees_with_naive() {
    let values = reference();
    assert_eq!(values[&Pos::Root], Nimber::new(3));
    assert_eq!(values[&Pos::Gate], Nimber::new(1));
    assert_eq!(values[&TRAP], Nimber::ZERO);
    let game = Trapped::free();
    for (&p, &v) in &values {
        match p {
            Pos::Heap(n) => {
                assert_eq!(v, Nimber::new(u64::from(n % 4)));
                if n <= 12 {
                    assert_eq!(naive::value(&game, &p), v, "{p:?}");
                }
            }
            Pos::Grid(x, y) => {
                assert_eq!(v, Nimber::new(u64::from((x % 4) ^ (y % 3))), "{p:?}");
                if x <= 4 && y <= 4 {
                    assert_eq!(naive::value(&game, &p), v, "{p:?}");
                }
            }
            Pos::Root | Pos::Gate => {}
        }
    }
}

/// Checks every fact the shared table holds about the positions with a word key.
fn check_table(table: &SharedTable, values: &HashMap<Pos, Nimber>) {
    let game = Trapped::free();
    let mut facts = 0;
    for (p, &v) in values {
        let Some(word) = game.word_key(p) else { continue };
        if let Some(known) = table.get(word) {
            facts += 1;
            assert!(!known.excludes(v), "the shared table says {known:?} of {p:?}, of value {v}");
        }
    }
    assert!(facts > 0, "the race stored nothing in the shared table");
}

/// Which worker blocks at the trap: the main search (worker 0) or its helper (worker 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Abandoned {
    Main,
    Helper,
}

fn forced_race(method: Method, abandoned: Abandoned) {
    let values = reference();
    let root_value = values[&Pos::Root];
    let shared = Arc::<Shared>::default();
    let (main, helper) = match abandoned {
        Abandoned::Main => (Role::Blocked, Role::Waiting),
        Abandoned::Helper => (Role::Waiting, Role::Blocked),
    };
    let rulesets = vec![Trapped::new(main, &shared), Trapped::new(helper, &shared)];
    let table = Arc::new(SharedTable::with_bytes(MIN_BYTES).unwrap());
    let config = Config::default().with_method(method).with_table_bytes(MIN_BYTES);
    // Two threads of our own: the two workers must run at once, whatever the machine.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let (answer, workers) = pool.install(|| race_on(rulesets, &Pos::Root, &config, &table));

    // The interleaving happened: the blocked worker was released in the middle of the trap,
    // searched on, and was stopped.
    let progress = shared.progress.lock().unwrap();
    assert!(progress.released && progress.expanded_after_release > 0, "{progress:?}");
    drop(progress);
    let (blocked, answering) = match abandoned {
        Abandoned::Main => (0, 1),
        Abandoned::Helper => (1, 0),
    };
    assert_eq!(workers[blocked], Err(SolveError::Cancelled), "the blocked worker was not stopped");
    assert_eq!(workers[answering], Ok(root_value));

    // (a) The answer.
    assert_eq!(answer, Ok(root_value));
    // (b) The facts left behind.
    check_table(&table, &values);
    // (c) Later calls on the same table: a race of free workers, then lone solvers.
    let free = vec![Trapped::free(), Trapped::free()];
    let (again, _) = pool.install(|| race_on(free, &Pos::Root, &config, &table));
    assert_eq!(again, Ok(root_value));
    check_table(&table, &values);
    let mut solver =
        Solver::with_config(Trapped::free(), config.clone()).with_shared_table(Arc::clone(&table));
    for p in [Pos::Root, Pos::Gate, TRAP, Pos::Heap(40), Pos::Heap(41), Pos::Grid(7, 5)] {
        assert_eq!(solver.value(&p), Ok(values[&p]), "{p:?}");
    }
    check_table(&table, &values);
}

#[test]
fn abandoned_helper_leaves_only_true_facts_mex() {
    forced_race(Method::Mex, Abandoned::Helper);
}

#[test]
fn abandoned_main_search_gives_the_helpers_answer_mex() {
    forced_race(Method::Mex, Abandoned::Main);
}

#[test]
fn abandoned_helper_leaves_only_true_facts_pruned() {
    forced_race(Method::Pruned, Abandoned::Helper);
}

#[test]
fn abandoned_main_search_gives_the_helpers_answer_pruned() {
    forced_race(Method::Pruned, Abandoned::Main);
}

/// Positions without a word key race too (on the shared map of any positions, the board
/// keyed by the top position itself): the value is the reference's, under both methods, on
/// 2 to 4 threads, and a second call on the same positions agrees; outcomes and winning moves
/// race the same way.
#[test]
fn positions_without_word_keys_race_on_the_shared_map() {
    // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 ...
    let kayles = [0u64, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1];
    for method in [Method::Mex, Method::Pruned] {
        let config = Config::default().with_method(method).with_table_bytes(4 << 20);
        for threads in 2..=4 {
            for n in [9u8, 17, 25] {
                let value = grundy_core::solver::par_value(Kayles, &vec![n], &config, threads);
                assert_eq!(
                    value,
                    Ok(Nimber::new(kayles[usize::from(n)])),
                    "{method:?} {threads} {n}"
                );
            }
            for rows in [vec![1u8, 2, 4], vec![3, 3, 2], vec![2, 5]] {
                let value = grundy_core::solver::par_value(Kayles, &rows, &config, threads);
                assert_eq!(
                    value,
                    Ok(naive::value(&Kayles, &rows)),
                    "{method:?} {threads} {rows:?}"
                );
            }
            let sum = vec![20u8, 21, 22];
            let alone = Solver::with_config(Kayles, config.clone()).value(&sum);
            assert_eq!(grundy_core::solver::par_value(Kayles, &sum, &config, threads), alone);
            // Outcomes too: P exactly when the value is 0.
            for rows in [vec![20u8, 21, 22], vec![12, 13], vec![4, 8, 12], vec![30]] {
                let alone = Solver::with_config(Kayles, config.clone()).value(&rows);
                let outcome = grundy_core::solver::par_outcome(Kayles, &rows, &config, threads);
                assert_eq!(
                    outcome,
                    alone.map(Outcome::from_value),
                    "{method:?} {threads} {rows:?}"
                );
            }
            // Winning moves, in the order of the moves, whichever solver answers.
            let cases = [
                vec![20u8, 21, 23],
                vec![12, 13],
                vec![4, 8, 11],
                vec![30],
                vec![2, 2],
                vec![1, 3, 4],
                vec![5, 6],
            ];
            for rows in cases {
                let alone = Solver::with_config(Kayles, config.clone()).winning_moves(&rows);
                let moves = grundy_core::solver::par_winning_moves(Kayles, &rows, &config, threads);
                assert_eq!(moves, alone, "{method:?} {threads} {rows:?}");
                if rows.iter().map(|&n| u32::from(n)).sum::<u32>() <= 12 {
                    assert_eq!(moves, Ok(naive::winning_moves(&Kayles, &rows)), "{rows:?}");
                }
            }
        }
    }
}

/// Take one or two from a heap: the value of `n` is `n mod 3`, found in about `n` nodes.
#[derive(Clone, Copy)]
struct Heap;

impl Ruleset for Heap {
    type Position = u32;
    type Move = u32;

    fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
        moves.extend([1, 2].into_iter().filter(|take| take <= heap));
    }

    fn play(&self, heap: &u32, take: &u32) -> u32 {
        heap - take
    }

    fn word_key(&self, heap: &u32) -> Option<u64> {
        Some(u64::from(*heap))
    }
}

/// The shared table of a parallel search starts small and grows as it fills (the solvers
/// stop, it doubles, they start again): the values are right however many times it grew,
/// under both methods, and a node or time limit is reported as the caller set it.
#[test]
fn the_shared_table_grows_and_keeps_the_callers_limits() {
    let shared = SharedTable::<grundy_core::Known>::with_room(0, 64 << 20).expect("64 MiB");
    // It starts at the least size (8-byte slots).
    assert_eq!(shared.capacity() * 8, MIN_BYTES);
    for method in [Method::Mex, Method::Pruned] {
        let config = Config::default().with_method(method).with_table_bytes(64 << 20);
        for n in [10u32, 3000, 700_000] {
            let value = grundy_core::solver::par_value(Heap, &n, &config, 2);
            assert_eq!(value, Ok(Nimber::new(u64::from(n % 3))), "{method:?} {n}");
        }
        for max in [100u64, 5000, 200_000] {
            let limited = config.clone().with_budget(Budget::unlimited().with_max_nodes(max));
            let value = grundy_core::solver::par_value(Heap, &5_000_000, &limited, 2);
            assert_eq!(value, Err(SolveError::NodeLimit { limit: max }), "{method:?} {max}");
        }
        let limit = Duration::from_millis(20);
        let timed = config.clone().with_budget(Budget::unlimited().with_time_limit(limit));
        let value = grundy_core::solver::par_value(Heap, &50_000_000, &timed, 2);
        assert_eq!(value, Err(SolveError::TimeLimit { limit }), "{method:?}");
    }
}

/// A `ParallelSolver` keeps its shared table from call to call: a later call starts from what
/// the earlier ones proved (the table grows across calls and keeps its facts), its answers
/// are those of one solver, a node limit stops a call, and `clear` forgets; with one thread
/// it is one ordinary solver.
#[test]
fn a_parallel_solver_keeps_its_facts_between_calls() {
    use grundy_core::solver::ParallelSolver;
    for method in [Method::Mex, Method::Pruned] {
        let config = Config::default().with_method(method).with_table_bytes(64 << 20);
        for threads in [1, 2, 3] {
            let mut solver = ParallelSolver::new(Heap, config.clone(), threads);
            assert_eq!(solver.threads(), threads);
            assert_eq!(solver.value(&300_000), Ok(Nimber::new(0)), "{method:?} {threads}");
            let stored = solver.table_len();
            assert!(stored > 1000, "{method:?} {threads}: {stored}");
            // Every heap below was valued by the first call: the second is answered from the
            // table, and the outcome and winning moves agree with one solver's.
            let nodes = solver.stats().nodes;
            assert_eq!(solver.value(&299_999), Ok(Nimber::new(2)));
            assert!(solver.stats().nodes - nodes < 10_000, "{method:?} {threads}");
            assert_eq!(solver.outcome(&299_998), Ok(Outcome::N));
            assert_eq!(solver.winning_moves(&299_998), Ok(vec![1]));
            assert_eq!(
                solver.move_values(&299_998),
                Ok(vec![(1, Nimber::new(0)), (2, Nimber::new(2))])
            );
            // A node limit stops a call (on several threads only the first solver's nodes
            // count, so a helper may answer first), and a call without one then finishes it.
            solver.set_budget(Budget::unlimited().with_max_nodes(50_000));
            let limited = solver.value(&1_000_000);
            let stopped = Err(SolveError::NodeLimit { limit: 50_000 });
            assert!(
                limited == stopped || (threads > 1 && limited == Ok(Nimber::new(1))),
                "{method:?} {threads}: {limited:?}"
            );
            solver.set_budget(Budget::unlimited());
            assert_eq!(solver.value(&1_000_000), Ok(Nimber::new(1)), "{method:?} {threads}");
            solver.clear();
            assert_eq!(solver.table_len(), 0);
            assert!(solver.stats().nodes > 0);
            assert_eq!(solver.value(&7), Ok(Nimber::new(1)));
        }
    }
}

//! The abandonment of the parallel search, forced.
//!
//! With several threads, [`NodeKaylesSolver`] searches a call on all of them at once; the first to
//! answer raises a stop flag and the others give up at their next poll point. A bug there (an
//! abandoned thread's partial result stored as a fact, or taken for the answer) shows only when
//! a thread is in the middle of its search at the moment another answers, which a plain run
//! reaches now and then. These tests force that moment with the solver's test hook
//! ([`NodeKaylesSolver::set_race_hook`]): the thread to abandon is held at its first poll point of
//! the race until the other has answered (and so raised the flag), then released: it reads the
//! flag at once and unwinds from the middle of its search. The other thread, in turn, waits at
//! its own first poll point until the held one is held, so that it cannot answer before the
//! held one is in the middle of the search.
//!
//! Each test checks, on random graphs of 30 to 40 vertices (searches of 9000 nodes or so on one
//! thread), that (a) the answer is the value
//! of a plain memoised search (and of a one-thread solver), (b) every fact the tables of every
//! thread hold about the components a search can meet is true, and (c) later calls on the same
//! solver (all threads free) still answer right, and leave only true facts; and that the held
//! thread was indeed abandoned, so that the test exercises what it claims to.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use grundy_core::{Nimber, Outcome};
use grundy_node_kayles::{Graph, NodeKayles, NodeKaylesSolver, RaceEvent, SolverConfig, VertexSet};
use grundy_testkit::random;

/// A random graph G(n, p) of average degree about `degree` (p = degree / (n - 1)), from `seed`
/// (grundy-testkit's seeded generator).
fn random_graph(n: usize, degree: u64, seed: u64) -> Graph {
    let edges = random::edges_with_average_degree(n, degree as f64, &mut random::rng(seed));
    Graph::from_edges(n, edges).unwrap()
}

/// Grundy values by plain memoised search: the nim-sum of the components' values, each the
/// mex of its children's values.
struct Plain {
    closed: Vec<u64>,
    open: Vec<u64>,
    memo: HashMap<u64, u64>,
}

impl Plain {
    fn new(game: &NodeKayles) -> Self {
        let g = game.graph();
        let open: Vec<u64> =
            (0..g.order()).map(|v| g.neighbors(v).iter().fold(0, |s, u| s | 1 << u)).collect();
        let closed = open.iter().enumerate().map(|(v, nb)| nb | 1 << v).collect();
        Plain { closed, open, memo: HashMap::new() }
    }

    fn value(&mut self, mut set: u64) -> u64 {
        let mut total = 0;
        while set != 0 {
            let mut part = set & set.wrapping_neg();
            loop {
                let grown = (0..64)
                    .filter(|&v| part >> v & 1 == 1)
                    .fold(part, |p, v| p | (self.open[v] & set));
                if grown == part {
                    break;
                }
                part = grown;
            }
            set &= !part;
            total ^= self.component(part);
        }
        total
    }

    fn component(&mut self, set: u64) -> u64 {
        if let Some(&x) = self.memo.get(&set) {
            return x;
        }
        let mut seen = 0u128;
        for v in (0..64).filter(|&v| set >> v & 1 == 1) {
            seen |= 1 << self.value(set & !self.closed[v]);
        }
        let x = u64::from((!seen).trailing_zeros());
        self.memo.insert(set, x);
        x
    }

    fn of(&mut self, set: &VertexSet) -> Nimber {
        Nimber::new(self.value(set.iter().fold(0, |s, v| s | 1 << v)))
    }
}

/// How long a thread waits for the other before the hook gives up and records the failure: a
/// guard against a hang if the search changes so that the interleaving can no longer be
/// reached, not a timing assertion (the waits end as soon as the other thread gets there).
const HANG_GUARD: Duration = Duration::from_secs(60);

/// What the two threads of the first race have done.
#[derive(Debug, Default)]
struct Progress {
    /// The first race has started; it is over once both threads are done.
    started: bool,
    over: bool,
    /// The poll point (in nodes) at which the held thread was held.
    held_at: Option<u64>,
    /// When the other thread ended, whether it answered.
    other_done: Option<bool>,
    /// When the held thread ended, whether it answered.
    held_done: Option<bool>,
    /// Whether the other thread waited at a poll point for the held one to be held.
    other_waited: bool,
    /// A wait that ran out (the interleaving was not reached).
    hung: Option<&'static str>,
}

/// The hook's state: which thread to hold, and the progress of the first race.
#[derive(Debug, Default)]
struct Script {
    held: usize,
    progress: Mutex<Progress>,
    changed: Condvar,
}

impl Script {
    fn wait_until(&self, what: &'static str, done: impl Fn(&Progress) -> bool) {
        let guard = self.progress.lock().unwrap();
        let (mut guard, timeout) =
            self.changed.wait_timeout_while(guard, HANG_GUARD, |p| !done(p)).unwrap();
        if timeout.timed_out() {
            guard.hung.get_or_insert(what);
        }
    }

    fn update(&self, change: impl FnOnce(&mut Progress)) {
        change(&mut self.progress.lock().unwrap());
        self.changed.notify_all();
    }

    /// What the hook does: only the first race of the solver is scripted.
    fn on(&self, event: RaceEvent) {
        let progress = self.progress.lock().unwrap();
        let scripted = progress.started && !progress.over;
        let first = !progress.started;
        let (held_yet, waited_yet) = (progress.held_at.is_some(), progress.other_waited);
        drop(progress);
        match event {
            RaceEvent::Start { threads } => {
                assert_eq!(threads, 2);
                if first {
                    self.update(|p| p.started = true);
                }
            }
            RaceEvent::Poll { thread, nodes } if scripted => {
                if thread == self.held && !held_yet {
                    // Held until the other thread has answered (or failed).
                    self.update(|p| p.held_at = Some(nodes));
                    self.wait_until("the other thread never ended", |p| p.other_done.is_some());
                } else if thread != self.held && !waited_yet {
                    self.update(|p| p.other_waited = true);
                    self.wait_until("the held thread never got held", |p| {
                        p.held_at.is_some() || p.held_done.is_some()
                    });
                }
            }
            RaceEvent::Poll { .. } => {}
            RaceEvent::Done { thread, answered } if scripted => self.update(|p| {
                if thread == self.held {
                    p.held_done = Some(answered);
                } else {
                    p.other_done = Some(answered);
                }
                p.over = p.held_done.is_some() && p.other_done.is_some();
            }),
            RaceEvent::Done { .. } => {}
        }
    }
}

/// Which thread is held and abandoned: the caller's (the main search) or the helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Abandoned {
    Main,
    Helper,
}

fn forced_race(n: usize, seed: u64, abandoned: Abandoned) {
    let game = NodeKayles::new(random_graph(n, 3, seed));
    let start = game.start();
    let mut plain = Plain::new(&game);
    let expected = plain.of(&start);
    assert_eq!(NodeKaylesSolver::new(&game).value(&start), Ok(expected), "one thread, seed {seed}");

    // Two threads from the first call on (no search on the caller's thread alone first).
    let config =
        SolverConfig::default().with_threads(2).with_parallel_after(0).with_table_bytes(16 << 20);
    let mut solver = NodeKaylesSolver::with_config(&game, config);
    let held = match abandoned {
        Abandoned::Main => 0,
        Abandoned::Helper => 1,
    };
    let script = Arc::new(Script { held, ..Script::default() });
    let hook = Arc::clone(&script);
    solver.set_race_hook(Some(Arc::new(move |event| hook.on(event))));
    let answer = solver.value(&start);

    // The interleaving happened: the held thread was held at a poll point until the other
    // had answered, and then gave up.
    let progress = script.progress.lock().unwrap();
    assert_eq!(progress.hung, None, "seed {seed}: {progress:?}");
    assert!(progress.held_at.is_some() && progress.other_waited, "seed {seed}: {progress:?}");
    // (a) The answer.
    assert_eq!(answer, Ok(expected), "seed {seed}");
    assert_eq!(progress.other_done, Some(true), "seed {seed}: {progress:?}");
    assert_eq!(progress.held_done, Some(false), "seed {seed}: abandoned? {progress:?}");
    drop(progress);
    // (b) The facts left behind.
    let facts = solver.check_recorded_facts(&start, &mut |set| plain.of(set));
    assert!(facts.as_ref().is_ok_and(|&k| k > 0), "seed {seed}: {facts:?}");
    // (c) Later calls on the same solver, every thread free.
    assert_eq!(solver.value(&start), Ok(expected), "seed {seed}: again");
    assert_eq!(solver.outcome(&start), Ok(Outcome::from_value(expected)), "seed {seed}");
    let moves = solver.move_values(&start).unwrap();
    for &(v, x) in &moves {
        let mut child = start.clone();
        child.remove(v);
        for u in game.graph().neighbors(v).iter() {
            child.remove(u);
        }
        assert_eq!(x, plain.of(&child), "seed {seed}: after {v}");
    }
    let facts = solver.check_recorded_facts(&start, &mut |set| plain.of(set));
    assert!(facts.is_ok(), "seed {seed}: {facts:?}");
}

/// The seeds and sizes of the graphs (average degree 3): searches of 8,600 to 12,700 nodes on
/// one thread (seeds picked among 1 to 8 for that size of search).
const GRAPHS: [(usize, u64); 4] = [(30, 6), (34, 5), (38, 8), (40, 2)];

#[test]
fn abandoned_helper_leaves_only_true_facts() {
    for (n, seed) in GRAPHS {
        forced_race(n, seed, Abandoned::Helper);
    }
}

#[test]
fn abandoned_main_search_gives_the_helpers_answer() {
    for (n, seed) in GRAPHS {
        forced_race(n, seed, Abandoned::Main);
    }
}

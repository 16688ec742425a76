//! Rotisserie Nim as Vertex Nim on a directed cycle (Bovee, Burke and Tennenhouse, §5.1): true
//! for Duchêne and Renault's Vertexnim (emptied vertices deleted), checked by the tandem
//! checker on whole game trees both ways; false for the three Vertex NimG rules of the slides.

use grundy_core::{Nimber, Outcome, Solver};
use grundy_graph_games::{Digraph, DirectedVertexNimG, TokenMove, VertexRule};
use grundy_heap_games::rotisserie::{Move, Queue, RotisserieNim};
use grundy_reductions::{Inverse, Problem, Reduction, RotisserieToVertexnim, Tandem, TandemError};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The remark of §5.1, read with Duchêne and Renault's Vertexnim: random queues of up to 5
    /// heaps of at most 4 (on cycles of up to 6 vertices) play exactly as their layout on the
    /// directed cycle, move for move, on the whole game tree, the actual Vertexnim position
    /// reading as the Rotisserie queue at every node; and from random Vertexnim positions on
    /// the cycle (zeros anywhere, token anywhere, up to 3 disks on up to 6 vertices) the
    /// reading commutes with play, node by node.
    #[test]
    fn rotisserie_nim_is_vertexnim_on_a_directed_cycle(
        heaps in prop::collection::vec(1u64..=4, 0..=5),
        extra in 0usize..=1,
        disks in prop::collection::vec(0u64..=3, 6),
        m in 2usize..=6,
        token in 0usize..6,
    ) {
        let queue = Queue::new(heaps.iter().copied()).unwrap();
        let iso = RotisserieToVertexnim::new(heaps.len() + extra).unwrap();
        prop_assert_eq!(iso.cycle_len(), (heaps.len() + extra).max(2));
        let report = Tandem::new()
            .check_paired_with(&iso, &queue, |q, actual, mv| iso.map_move_paired(q, actual, mv));
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
        let report = report.unwrap();
        prop_assert_eq!(report.value, Solver::new(&RotisserieNim).value(&queue).unwrap());

        let iso = RotisserieToVertexnim::new(m).unwrap();
        let position = iso.target().position(disks[..m].to_vec(), token % m).unwrap();
        let back = Tandem::new().check(&Inverse(iso.clone()), &position);
        prop_assert!(back.is_ok(), "{}", back.unwrap_err());
    }
}

/// The laid-out positions and moves, and the readings, on small examples; bad input is refused.
#[test]
fn layout_and_reading() {
    let iso = RotisserieToVertexnim::new(3).unwrap();
    let queue: Queue = "5 2 4".parse().unwrap();
    let laid = iso.map_position(&queue).unwrap();
    assert_eq!(laid.to_string(), "5 2 4 @0");
    assert_eq!(iso.map_move(&queue, &Move::new(3)).unwrap(), TokenMove { to: 1, take: 3 });
    let child = iso.target().play_checked(&laid, TokenMove { to: 1, take: 5 }).unwrap();
    assert_eq!(iso.read_queue(&child).unwrap().to_string(), "2 4");
    let child = iso.target().play_checked(&laid, TokenMove { to: 1, take: 1 }).unwrap();
    assert_eq!(iso.read_queue(&child).unwrap().to_string(), "2 4 4");
    // A token on an empty vertex has no move: the empty queue.
    let stuck = iso.target().position(vec![0, 3, 1], 0).unwrap();
    assert_eq!(iso.read_queue(&stuck).unwrap(), Queue::default());
    // One heap left: the vertex is its own successor; emptying it ends the game in place.
    let last = iso.target().position(vec![0, 0, 2], 2).unwrap();
    assert_eq!(
        iso.map_move_paired(&Queue::new([2]).unwrap(), &last, &Move::new(1)).unwrap(),
        TokenMove { to: 2, take: 1 }
    );
    assert_eq!(
        iso.map_move_paired(&Queue::new([2]).unwrap(), &last, &Move::new(2)).unwrap(),
        TokenMove { to: 2, take: 2 }
    );

    // The whole tree of (3, 3, 3): 26 queues, each paired with the rotations it is met in.
    let root: Queue = "3 3 3".parse().unwrap();
    let report = Tandem::new()
        .check_paired_with(&iso, &root, |q, actual, mv| iso.map_move_paired(q, actual, mv))
        .unwrap();
    assert!(report.positions >= 26, "{report:?}");
    // The positional check fails: the actual child is a rotation of the child's layout.
    match Tandem::new().check(&iso, &root) {
        Err(TandemError::Counterexample(found)) => {
            assert!(matches!(found.problem, Problem::ChildMismatch { .. }), "{found}");
        }
        other => panic!("expected a child mismatch, got {other:?}"),
    }

    let e = iso.map_position(&"1 1 1 1".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("4 heaps, but the cycle has 3 vertices"), "{e}");
    let e = iso.map_move_paired(&"2 4".parse().unwrap(), &laid, &Move::new(1)).unwrap_err();
    assert!(e.to_string().contains("reads as the queue (5 2 4), not (2 4)"), "{e}");
    let e = iso.map_move(&queue, &Move::new(6)).unwrap_err();
    assert!(e.to_string().contains("cannot take 6 at vertex 0, which holds 5"), "{e}");
    assert!(iso.read_queue(&iso.target().position(vec![1, 1, 1], 0).unwrap()).is_ok());
    let other = RotisserieToVertexnim::new(2).unwrap();
    assert!(other.read_queue(&laid).is_err());
    assert!(RotisserieToVertexnim::new(usize::MAX).is_err());
}

/// The queues of `heaps` heaps of 1 to `max`, by increasing total, then lexicographically.
fn queues(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..heaps {
        all = all
            .into_iter()
            .flat_map(|q| (1..=max).map(move |h| [q.clone(), vec![h]].concat()))
            .collect();
    }
    all.sort_by_key(|q| (q.iter().sum::<u64>(), q.clone()));
    all
}

/// The first queue (fewest heaps, then smallest total, then lexicographically; 2 to 4 heaps of
/// at most 4) where Rotisserie Nim and the slides' Vertex NimG under `rule` on the directed
/// cycle of as many vertices (token on the front heap, or on the back heap for
/// move-then-remove, which moves first) differ in value, and the first where they differ in
/// outcome, with the Rotisserie and NimG values.
#[allow(clippy::type_complexity, reason = "two counterexamples with their values")]
fn literal_counterexamples(
    rule: VertexRule,
) -> (Option<(Vec<u64>, Nimber, Nimber)>, Option<(Vec<u64>, Nimber, Nimber)>) {
    let (mut by_value, mut by_outcome) = (None, None);
    for n in 2..=4 {
        let cycle = Digraph::from_arcs(n, (0..n).map(|i| (i, (i + 1) % n))).unwrap();
        let game = DirectedVertexNimG::new(cycle, rule);
        let mut nimg = Solver::new(&game);
        let mut rotisserie = Solver::new(&RotisserieNim);
        for q in queues(n, 4) {
            let token = if rule == VertexRule::MoveThenRemove { n - 1 } else { 0 };
            let target = nimg.value(&game.position(q.clone(), token).unwrap()).unwrap();
            let source = rotisserie.value(&Queue::new(q.iter().copied()).unwrap()).unwrap();
            if by_value.is_none() && source != target {
                by_value = Some((q.clone(), source, target));
            }
            if by_outcome.is_none() && (source == Nimber::ZERO) != (target == Nimber::ZERO) {
                by_outcome = Some((q, source, target));
            }
        }
    }
    (by_value, by_outcome)
}

/// The literal reading of the remark, with the slides' Vertex NimG (an emptied vertex stays on
/// the cycle with no disk), is false under each of the three rules. Smallest counterexamples
/// (2 to 4 heaps of at most 4): remove then move (empty vertices allowed) and move then remove
/// differ in value at `(3, 2)` (Rotisserie `*1`, NimG `*3`) and in outcome at `(1, 2, 1)`
/// (Rotisserie P, NimG N: after the front heap is emptied the token comes back round to the
/// empty vertex, where the player to move is stuck); remove then move to a non-empty vertex
/// already at `(1, 1)` (Rotisserie P, NimG N: the second player cannot move onto the emptied
/// vertex). Vertexnim, where the emptied vertex is deleted, agrees on all of them.
#[test]
fn the_literal_vertex_nimg_reading_is_false() {
    let n = |v: u64| Nimber::new(v);
    for rule in [VertexRule::RemoveThenMove, VertexRule::MoveThenRemove] {
        let (by_value, by_outcome) = literal_counterexamples(rule);
        assert_eq!(by_value, Some((vec![3, 2], n(1), n(3))), "{rule}");
        assert_eq!(by_outcome, Some((vec![1, 2, 1], n(0), n(1))), "{rule}");
    }
    let (by_value, by_outcome) = literal_counterexamples(VertexRule::RemoveThenMoveToNonEmpty);
    assert_eq!(by_value, Some((vec![1, 1], n(0), n(1))));
    assert_eq!(by_outcome, Some((vec![1, 1], n(0), n(1))));
    for q in [vec![3, 2], vec![1, 2, 1], vec![1, 1]] {
        let iso = RotisserieToVertexnim::new(q.len()).unwrap();
        let queue = Queue::new(q).unwrap();
        let mut solver = Solver::new(iso.target());
        let value = solver.value(&iso.map_position(&queue).unwrap()).unwrap();
        assert_eq!(value, Solver::new(&RotisserieNim).value(&queue).unwrap());
    }
    let mut solver = Solver::new(&RotisserieNim);
    assert_eq!(solver.outcome(&Queue::new([1, 2, 1]).unwrap()).unwrap(), Outcome::P);
}

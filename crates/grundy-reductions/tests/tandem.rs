//! The tandem checker on small hand-made rulesets: it accepts correct reductions and reports
//! each kind of failure at the right node.

use grundy_core::Ruleset;
use grundy_reductions::{
    Compose, Inverse, Isomorphism, Normalize, Problem, Reduction, ReductionError, Tandem,
    TandemError,
};

/// Subtraction game: take any amount in `takes` from a heap.
struct Take(&'static [u32]);

impl Ruleset for Take {
    type Position = u32;
    type Move = u32;
    fn moves(&self, n: &u32, moves: &mut Vec<u32>) {
        moves.extend(self.0.iter().copied().filter(|t| t <= n));
    }
    fn play(&self, n: &u32, t: &u32) -> u32 {
        n - t
    }
}

impl Normalize for Take {
    type Form = u32;
    fn normal_form(&self, n: &u32) -> u32 {
        *n
    }
}

const TAKE12: Take = Take(&[1, 2]);
const TAKE24: Take = Take(&[2, 4]);
const TAKE1: Take = Take(&[1]);

/// A configurable reduction between two subtraction games.
struct Map {
    source: Take,
    target: Take,
    position: fn(u32) -> u32,
    mv: fn(u32) -> u32,
    back: fn(u32) -> u32,
}

impl Reduction for Map {
    type Source = Take;
    type Target = Take;
    fn source(&self) -> &Take {
        &self.source
    }
    fn target(&self) -> &Take {
        &self.target
    }
    fn map_position(&self, n: &u32) -> Result<u32, ReductionError> {
        if *n > 1000 {
            return Err(ReductionError::out_of_domain("heaps above 1000"));
        }
        Ok((self.position)(*n))
    }
    fn map_move(&self, _: &u32, t: &u32) -> Result<u32, ReductionError> {
        Ok((self.mv)(*t))
    }
}

impl Isomorphism for Map {
    fn unmap_position(&self, n: &u32) -> Result<u32, ReductionError> {
        Ok((self.back)(*n))
    }
    fn unmap_move(&self, _: &u32, t: &u32) -> Result<u32, ReductionError> {
        Ok(t / 2)
    }
}

fn double() -> Map {
    Map { source: TAKE12, target: TAKE24, position: |n| 2 * n, mv: |t| 2 * t, back: |n| n / 2 }
}

fn failure(result: Result<grundy_reductions::TandemReport, TandemError>) -> (Vec<String>, Problem) {
    match result {
        Err(TandemError::Counterexample(found)) => (found.path.clone(), found.problem.clone()),
        other => panic!("expected a counterexample, got {other:?}"),
    }
}

#[test]
fn a_correct_isomorphism_passes_on_the_whole_tree() {
    let report = Tandem::new().check_isomorphism(&double(), &20).unwrap();
    assert_eq!(report.positions, 21);
    assert_eq!(report.moves, 2 * 20 - 1);
    assert_eq!(report.value, grundy_core::Nimber::new(20 % 3));
}

#[test]
fn the_inverse_and_compositions_of_isomorphisms_pass() {
    let back = Inverse(double());
    Tandem::new().check_isomorphism(&back, &30).unwrap();
    let there_and_back = Compose::new(double(), Inverse(double()));
    let report = Tandem::new().check_isomorphism(&there_and_back, &9).unwrap();
    assert_eq!(report.positions, 10);
    assert_eq!(there_and_back.map_position(&9).unwrap(), 9);
}

#[test]
fn a_value_mismatch_is_reported_at_the_root() {
    let off = Map { source: TAKE12, target: TAKE12, position: |n| n + 1, mv: |t| t, back: |n| n };
    let (path, problem) = failure(Tandem::new().check(&off, &2));
    assert!(path.is_empty());
    assert!(matches!(problem, Problem::ValueMismatch { .. }), "{problem:?}");
}

#[test]
fn swapped_moves_are_a_child_mismatch_even_where_values_agree() {
    let swap = Map { source: TAKE12, target: TAKE12, position: |n| n, mv: |t| 3 - t, back: |n| n };
    let (path, problem) = failure(Tandem::new().without_values().check(&swap, &5));
    assert!(path.is_empty());
    assert!(matches!(problem, Problem::ChildMismatch { .. }), "{problem:?}");
}

#[test]
fn a_move_map_that_is_not_injective_is_reported() {
    let squash = Map { source: TAKE12, target: TAKE12, position: |n| n, mv: |_| 1, back: |n| n };
    let (_, problem) = failure(Tandem::new().without_values().check(&squash, &4));
    assert!(matches!(problem, Problem::NotInjective { .. }), "{problem:?}");
}

#[test]
fn a_target_move_without_preimage_is_reported() {
    // Take 1 is not Take 1-or-2: heap 2 has the extra target move 2.
    let embed = Map { source: TAKE1, target: TAKE12, position: |n| n, mv: |t| t, back: |n| n };
    let (path, problem) = failure(Tandem::new().without_values().check(&embed, &2));
    assert!(path.is_empty());
    assert_eq!(problem, Problem::NoPreimage { target_move: "2".into() });
}

#[test]
fn an_illegal_image_move_is_reported_with_its_path() {
    // Doubling the moves without doubling the heaps: at heap 1 the move 1 maps to the target
    // move 2, which heap 1 cannot afford.
    let half = Map { source: TAKE12, target: TAKE24, position: |n| n, mv: |t| 2 * t, back: |n| n };
    let (path, problem) = failure(Tandem::new().without_values().check(&half, &1));
    assert!(path.is_empty());
    assert_eq!(problem, Problem::MoveNotLegal { source_move: "1".into(), target_move: "2".into() });
}

#[test]
fn a_deep_failure_comes_with_the_path_from_the_root() {
    // Right everywhere except at heap 3.
    let patchy = Map {
        source: TAKE12,
        target: TAKE12,
        position: |n| if n == 3 { 4 } else { n },
        mv: |t| t,
        back: |n| n,
    };
    let err = Tandem::new().check(&patchy, &6).unwrap_err();
    let TandemError::Counterexample(found) = err else { panic!("{err:?}") };
    // Heap 3 is reached from heap 6 by taking 2 then 1, or 1 then 2, or 1, 1, 1 ...: the
    // checker names one such path, and the mismatch is seen from the parent of heap 3 (a child
    // mismatch) or at heap 3 itself (a value mismatch).
    let total: u32 = found.path.iter().map(|m| m.parse::<u32>().unwrap()).sum();
    assert!(total == 2 || total == 3, "{found}");
    assert!(found.to_string().starts_with("from 6"), "{found}");
}

#[test]
fn a_wrong_inverse_is_a_round_trip_failure() {
    let bad_back =
        Map { source: TAKE12, target: TAKE24, position: |n| 2 * n, mv: |t| 2 * t, back: |n| n };
    let (path, problem) = failure(Tandem::new().check_isomorphism(&bad_back, &3));
    assert!(path.is_empty());
    assert!(matches!(problem, Problem::RoundTripPosition { .. }), "{problem:?}");
}

#[test]
fn errors_of_the_maps_and_limits_are_reported() {
    let (_, problem) = failure(Tandem::new().check(&double(), &1001));
    assert!(matches!(problem, Problem::Map(ReductionError::OutOfDomain { .. })), "{problem:?}");
    let err = Tandem::new().with_max_positions(10).check(&double(), &100).unwrap_err();
    assert_eq!(err, TandemError::TooManyPositions { limit: 10 });
}

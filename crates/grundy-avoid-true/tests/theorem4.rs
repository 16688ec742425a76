//! Theorem 4 (Demi-Quantum Boolean Nim and Avoid True are isomorphic), its two worked
//! examples, and Corollary 1 (the Rechargeable Bipartite and Hypergraph Boolean Nims are
//! isomorphic to them), checked by walking the game trees in tandem.
//!
//! The constructions below are test helpers written from the proof of Theorem 4, not the
//! library's reductions (those live in `grundy-reductions`).

use grundy_avoid_true::{
    AvoidTrue, AvoidTruePosition, BipartitePosition, Formula, HypergraphPosition,
    RechargeableBipartite, RechargeableHypergraph, VarSet,
};
use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_nim::BoolHeaps;
use grundy_quantum::{DemiQuantumBooleanNim, Superposition};
use proptest::prelude::*;

type Matrix = Superposition<BoolHeaps>;

fn columns(b: &Matrix) -> usize {
    b.live().map(|(_, r)| r.len()).next().unwrap_or(0)
}

/// Theorem 4, first direction: one clause per live realization, made of the variables of
/// its empty heaps; `T = ∅`.
fn formula_of_matrix(b: &Matrix, n: usize) -> AvoidTruePosition {
    let clauses = b.live().map(|(_, r)| (0..n).filter(|&j| !r.get(j)).collect()).collect();
    AvoidTruePosition::new(n, clauses, VarSet::new()).expect("in range")
}

/// Theorem 4, reverse direction: one realization per clause not yet satisfied, with zeros on
/// the clause's variables and on the true variables.
fn matrix_of_formula(p: &AvoidTruePosition) -> Matrix {
    Superposition::from_realizations(p.open_clauses().map(|c| {
        BoolHeaps::from_bits(
            (0..p.variables()).map(|x| !c.contains(x) && !p.true_vars().contains(x)),
        )
    }))
}

/// Corollary 1, bipartite: stations are the live rows, pile `j` (with a pebble) is column
/// `j`, joined to the rows with a 1 there; the start pile `n` is joined to every station.
fn bipartite_of_matrix(b: &Matrix, n: usize) -> BipartitePosition {
    let rows: Vec<&BoolHeaps> = b.live().map(|(_, r)| r).collect();
    let mut edges = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        edges.extend(r.iter_ones().map(|j| (j, i)));
        edges.push((n, i));
    }
    BipartitePosition::new(n + 1, rows.len(), edges, VarSet::range(0..n), n).expect("valid")
}

/// Corollary 1, hypergraph: vertex `j` (with a pebble) is column `j`; each live row is the
/// hyperedge of its 1 columns plus the start vertex `n`.
fn hypergraph_of_matrix(b: &Matrix, n: usize) -> HypergraphPosition {
    let edges = b.live().map(|(_, r)| r.iter_ones().chain([n]).collect::<VarSet>()).collect();
    HypergraphPosition::new(n + 1, edges, VarSet::range(0..n), n).expect("valid")
}

/// Walks both game trees in tandem with moves mapped to themselves: at every node the two
/// positions must have the same set of moves. Returns the number of nodes visited, or the
/// path to the first difference.
fn isomorphic<A, B>(a: &A, pa: &A::Position, b: &B, pb: &B::Position) -> Result<usize, String>
where
    A: Ruleset<Move = usize>,
    B: Ruleset<Move = usize>,
{
    fn walk<A, B>(
        a: &A,
        pa: &A::Position,
        b: &B,
        pb: &B::Position,
        path: &mut Vec<usize>,
    ) -> Result<usize, String>
    where
        A: Ruleset<Move = usize>,
        B: Ruleset<Move = usize>,
    {
        let mut ma = a.move_list(pa);
        let mut mb = b.move_list(pb);
        ma.sort_unstable();
        mb.sort_unstable();
        if ma != mb {
            return Err(format!("after moves {path:?}: {ma:?} vs {mb:?} ({pa:?} / {pb:?})"));
        }
        let mut nodes = 1;
        for mv in ma {
            path.push(mv);
            nodes += walk(a, &a.play(pa, &mv), b, &b.play(pb, &mv), path)?;
            path.pop();
        }
        Ok(nodes)
    }
    walk(a, pa, b, pb, &mut Vec::new())
}

fn matrix(text: &str) -> Matrix {
    text.parse().expect("valid matrix")
}

/// First worked example. The matrix's rows give the clauses
/// (x2 ∨ x3 ∨ x6), (x1 ∨ x3 ∨ x7), (x2 ∨ x3 ∨ x7): the paper prints the first clause as
/// (x2 ∨ x3 ∨ x6 ∨ x7), but row A = 1001101 has a pebble on heap 7. The printed formula is
/// the matrix with row A = 1001100; the two positions are not isomorphic.
#[test]
fn first_example_of_theorem_4() {
    let b = matrix("1001101 / 0101110 / 1001110");
    let p = formula_of_matrix(&b, 7);
    let derived: Formula =
        "(x2 ∨ x3 ∨ x6) ∧ (x1 ∨ x3 ∨ x7) ∧ (x2 ∨ x3 ∨ x7)".parse().expect("valid");
    assert_eq!(p, derived.position(&[]).expect("valid"));
    assert_eq!(p.to_string(), "(x2 | x3 | x6) & (x1 | x3 | x7) & (x2 | x3 | x7)");
    assert!(isomorphic(&DemiQuantumBooleanNim, &b, &AvoidTrue, &p).is_ok());

    // The paper's notes: x3 is in every clause, so it is never playable (heap 3 is empty in
    // every realization); x4 and x5 are in no clause (heaps 4 and 5 full everywhere).
    assert!(p.clauses().iter().all(|c| c.contains(2)));
    assert!(p.clauses().iter().all(|c| !c.contains(3) && !c.contains(4)));
    assert_eq!(AvoidTrue.move_list(&p), [0, 1, 3, 4, 5, 6]);

    // The formula as printed is the matrix with a 0 on heap 7 of row A.
    let printed: Formula =
        "(x2 ∨ x3 ∨ x6 ∨ x7) ∧ (x1 ∨ x3 ∨ x7) ∧ (x2 ∨ x3 ∨ x7)".parse().expect("valid");
    let printed = printed.position(&[]).expect("valid");
    assert_ne!(printed, p);
    let corrected = matrix("1001100 / 0101110 / 1001110");
    assert_eq!(formula_of_matrix(&corrected, 7), printed);
    assert!(isomorphic(&DemiQuantumBooleanNim, &b, &AvoidTrue, &printed).is_err());
    let value = naive::value(&AvoidTrue, &p);
    assert_eq!(value, naive::value(&DemiQuantumBooleanNim, &b));
    // Both are P-positions (value 0, by brute force), so the typo does not change the value.
    assert_eq!(value, Nimber::ZERO);
    assert_eq!(naive::value(&AvoidTrue, &printed), Nimber::ZERO);
}

/// Second worked example: clauses A..D with T = {x8} give the matrix
/// 00001110 / 01110000 / 01011010 (clause D holds x8, so it has no row; column 8 is zero).
#[test]
fn second_example_of_theorem_4() {
    let f: Formula = "(x1 ∨ x2 ∨ x3 ∨ x4) ∧ (x1 ∨ x5 ∨ x6 ∨ x7) ∧ (x1 ∨ x3 ∨ x6) ∧ (x2 ∨ x5 ∨ x8)"
        .parse()
        .expect("valid");
    let p = f.position(&["x8"]).expect("x8 exists");
    let b = matrix_of_formula(&p);
    assert_eq!(b, matrix("00001110 / 01110000 / 01011010"));
    assert!(b.live().all(|(_, r)| !r.get(7)));
    let nodes = isomorphic(&AvoidTrue, &p, &DemiQuantumBooleanNim, &b).expect("isomorphic");
    assert!(nodes > 1);
    let v = Solver::new(&AvoidTrue).value(&p).unwrap();
    assert_eq!(v, naive::value(&DemiQuantumBooleanNim, &b));
    // Keeping clause D as a realization (row 10110110) would change the game: D is already
    // true, so its row must go.
    let with_d = matrix("00001110 / 01110000 / 01011010 / 10110110");
    assert!(isomorphic(&AvoidTrue, &p, &DemiQuantumBooleanNim, &with_d).is_err());
}

fn boolean_matrix(max_rows: usize, max_columns: usize) -> impl Strategy<Value = (Matrix, usize)> {
    (1..=max_columns).prop_flat_map(move |n| {
        prop::collection::vec(
            prop::option::weighted(
                0.9,
                prop::collection::vec(prop::bool::weighted(0.6), n).prop_map(BoolHeaps::from_bits),
            ),
            0..=max_rows,
        )
        .prop_map(move |rows| (Superposition::new(rows), n))
    })
}

fn formulas(max_variables: usize, max_clauses: usize) -> impl Strategy<Value = AvoidTruePosition> {
    (0..=max_variables).prop_flat_map(move |n| {
        let subset = prop::collection::vec(prop::bool::weighted(0.4), n).prop_map(|bits| {
            bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect::<VarSet>()
        });
        let t = prop::collection::vec(prop::bool::weighted(0.15), n).prop_map(|bits| {
            bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect::<VarSet>()
        });
        (prop::collection::vec(subset, 0..=max_clauses), t)
            .prop_map(move |(clauses, t)| AvoidTruePosition::new(n, clauses, t).expect("in range"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Theorem 4, matrix to formula: the game trees are the same, move for move.
    #[test]
    fn matrix_to_formula_is_an_isomorphism((b, n) in boolean_matrix(5, 7)) {
        let dq = DemiQuantumBooleanNim;
        let p = formula_of_matrix(&b, n);
        prop_assert!(columns(&b) == n || b.live_count() == 0);
        if let Err(e) = isomorphic(&dq, &b, &AvoidTrue, &p) {
            return Err(TestCaseError::fail(e));
        }
        prop_assert_eq!(Solver::new(&AvoidTrue).value(&p).unwrap(), Solver::new(&dq).value(&b).unwrap());
    }

    /// Theorem 4, formula (with true variables) to matrix.
    #[test]
    fn formula_to_matrix_is_an_isomorphism(p in formulas(7, 5)) {
        let dq = DemiQuantumBooleanNim;
        let b = matrix_of_formula(&p);
        if let Err(e) = isomorphic(&AvoidTrue, &p, &dq, &b) {
            return Err(TestCaseError::fail(e));
        }
        prop_assert_eq!(naive::value(&AvoidTrue, &p), naive::value(&dq, &b));
    }

    /// Corollary 1: the bipartite and hypergraph readings of a matrix are the same game.
    #[test]
    fn graph_readings_are_isomorphic((b, n) in boolean_matrix(5, 7)) {
        let dq = DemiQuantumBooleanNim;
        let bip = bipartite_of_matrix(&b, n);
        let hyp = hypergraph_of_matrix(&b, n);
        if let Err(e) = isomorphic(&dq, &b, &RechargeableBipartite, &bip) {
            return Err(TestCaseError::fail(format!("bipartite: {e}")));
        }
        if let Err(e) = isomorphic(&dq, &b, &RechargeableHypergraph, &hyp) {
            return Err(TestCaseError::fail(format!("hypergraph: {e}")));
        }
        let v = naive::value(&dq, &b);
        prop_assert_eq!(Solver::new(&RechargeableBipartite).value(&bip).unwrap(), v);
        prop_assert_eq!(naive::value(&RechargeableHypergraph, &hyp), v);
        prop_assert_eq!(Solver::new(&AvoidTrue).value(&formula_of_matrix(&b, n)).unwrap(), v);
    }
}

/// Ruleset 8 read as "the chosen pile powers every station around it" (stations powered off
/// come back on) instead of "only the powered stations around it stay on".
struct RechargeAll;

impl Ruleset for RechargeAll {
    type Position = BipartitePosition;
    type Move = usize;

    fn moves(&self, p: &BipartitePosition, moves: &mut Vec<usize>) {
        RechargeableBipartite.moves(p, moves);
    }

    fn play(&self, p: &BipartitePosition, u: &usize) -> BipartitePosition {
        let next = RechargeableBipartite.play(p, u);
        let edges: Vec<(usize, usize)> = (0..p.piles())
            .flat_map(|x| p.neighbours(x).iter().map(move |v| (x, v)).collect::<Vec<_>>())
            .collect();
        BipartitePosition::with_powered(
            p.piles(),
            p.stations(),
            edges,
            next.pebbles().clone(),
            p.neighbours(*u),
            *u,
        )
        .expect("valid")
    }
}

/// Our reading of Ruleset 8 is the one Corollary 1 needs: if a pile re-powered every
/// station around it, collapsed realizations would come back. Smallest counterexample by
/// brute force over matrices of at most 2 rows and 3 columns: rows 101 / 110. In
/// Demi-Quantum Boolean Nim, column 3 collapses row 2, then column 1 ends the game; with
/// re-powering, pile 1 would switch station 2 back on and pile 2 would still be playable.
#[test]
fn recharging_every_neighbour_breaks_corollary_1() {
    let mut first = None;
    'search: for n in 1..=3usize {
        for rows in 1..=2usize {
            for bits in 0..1u32 << (rows * n) {
                let b: Matrix =
                    Superposition::from_realizations((0..rows).map(|i| {
                        BoolHeaps::from_bits((0..n).map(|j| bits >> (i * n + j) & 1 == 1))
                    }));
                let bip = bipartite_of_matrix(&b, n);
                assert!(
                    isomorphic(&DemiQuantumBooleanNim, &b, &RechargeableBipartite, &bip).is_ok()
                );
                if isomorphic(&DemiQuantumBooleanNim, &b, &RechargeAll, &bip).is_err() {
                    first = Some(b);
                    break 'search;
                }
            }
        }
    }
    let b = first.expect("a counterexample exists");
    assert_eq!(b.to_string(), "101 / 110");
}

/// Ruleset 9 says every vertex holds a pebble; if the start vertex `c` did, it could be taken
/// once the token leaves it (it lies in every hyperedge), which adds a move: on the one-row
/// matrix `1`, Demi-Quantum Boolean Nim has value *1 but that game has value 0. Hence our
/// reading: `c` holds no pebble.
#[test]
fn a_pebble_on_the_start_vertex_breaks_corollary_1() {
    let b = matrix("1");
    assert_eq!(naive::value(&DemiQuantumBooleanNim, &b), Nimber::ONE);
    let hyp = hypergraph_of_matrix(&b, 1);
    assert_eq!(naive::value(&RechargeableHypergraph, &hyp), Nimber::ONE);
    // After the only move the token is on vertex 1 and c = vertex 2 would still hold a pebble.
    let after = RechargeableHypergraph.play(&hyp, &0);
    let literal = HypergraphPosition::new(2, after.edges().to_vec(), [1].into_iter().collect(), 0)
        .expect("valid");
    assert_eq!(RechargeableHypergraph.move_list(&literal), [1]);
    assert_eq!(naive::value(&RechargeableHypergraph, &literal), Nimber::ONE);
    // So from the start the literal reading would have value mex{*1} = 0, not *1.
    assert!(RechargeableHypergraph.is_terminal(&after));
}

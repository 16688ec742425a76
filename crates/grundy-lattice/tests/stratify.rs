//! Affine stratifications (Definition 4.1), the stratification search, complements and
//! intersections (Theorem 4.2, Lemmas 4.3 and 4.4), Examples 4.6 and 4.7, all against the box
//! dynamic programme and plain enumeration.

use std::collections::HashSet;

use grundy_lattice::{
    LatticeError, LatticeGame, Module, Outcomes, Play, Point, Proposal, SearchLimits, Squarefree,
    Stratification, propose, propose_from,
};
use grundy_octal::Rules;
use proptest::prelude::*;

/// Every point of `[0, upper]`, lexicographic.
fn box_points(upper: &[u32]) -> Vec<Point> {
    let mut points = vec![Vec::new()];
    for &u in upper {
        points = points
            .into_iter()
            .flat_map(|p: Vec<u32>| {
                (0..=u).map(move |x| {
                    let mut q = p.clone();
                    q.push(x);
                    q
                })
            })
            .collect();
    }
    points.into_iter().map(Point::new).collect()
}

/// The points of `F + N{V}` inside `[0, upper]`, by plain enumeration of the sums.
fn enumerate_module(offsets: &[Point], generators: &[Vec<u32>], upper: &[u32]) -> HashSet<Point> {
    let inside = |p: &[u32]| p.iter().zip(upper).all(|(x, u)| x <= u);
    let mut seen: HashSet<Point> = HashSet::new();
    let mut stack: Vec<Vec<u32>> =
        offsets.iter().map(|f| f.coordinates().to_vec()).filter(|f| inside(f)).collect();
    while let Some(p) = stack.pop() {
        if !seen.insert(Point::new(p.clone())) {
            continue;
        }
        for v in generators {
            let q: Vec<u32> = p.iter().zip(v).map(|(a, b)| a + b).collect();
            if inside(&q) {
                stack.push(q);
            }
        }
    }
    seen
}

fn misere_nim(k: usize) -> Squarefree {
    Squarefree::new(Rules::octal("0.333".parse().unwrap()), k, Play::Misere).unwrap()
}

fn squarefree(code: &str, k: usize, play: Play) -> Squarefree {
    Squarefree::new(Rules::octal(code.parse().unwrap()), k, play).unwrap()
}

fn module_strategy() -> impl Strategy<Value = (Vec<Point>, Vec<Vec<u32>>)> {
    (2usize..=3).prop_flat_map(|d| {
        (
            prop::collection::vec(prop::collection::vec(0u32..=3, d), 1..=3),
            prop::collection::vec(prop::collection::vec(0u32..=3, d), 0..=4),
        )
            .prop_map(|(f, v)| {
                let mut gens: Vec<Vec<u32>> = Vec::new();
                for g in v {
                    if g.iter().any(|&x| x != 0) && !gens.contains(&g) {
                        gens.push(g);
                    }
                }
                (f.into_iter().map(Point::new).collect(), gens)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Definition 4.1, membership: the exact decision (linear algebra for independent
    /// generators, the bounded search for dependent ones) equals plain enumeration of the sums
    /// `f + Σ n_j v_j` on the box `[0, 9]^d`, for random modules of dimension 2 and 3 with up to
    /// 4 generators of entries at most 3 (dependent ones included).
    #[test]
    fn module_membership_equals_enumeration((offsets, gens) in module_strategy()) {
        let d = offsets[0].dimension();
        let module = Module::new(
            offsets.clone(),
            gens.iter().map(|v| v.iter().map(|&x| i64::from(x)).collect()).collect(),
        ).unwrap();
        let upper = vec![9u32; d];
        let want = enumerate_module(&offsets, &gens, &upper);
        for p in box_points(&upper) {
            prop_assert_eq!(module.contains(&p), want.contains(&p), "{} in {}", p, module);
        }
    }

    /// The text form reads back what it writes, for random axis-parallel and general modules.
    #[test]
    fn text_form_round_trips((offsets, gens) in module_strategy()) {
        let d = offsets[0].dimension();
        let module = Module::new(
            offsets,
            gens.iter().map(|v| v.iter().map(|&x| i64::from(x)).collect()).collect(),
        ).unwrap();
        let s = Stratification::new(d, vec![module.clone(), module]).unwrap();
        prop_assert_eq!(s.to_string().parse::<Stratification>().unwrap(), s);
    }
}

/// Dependent generators: `N{(1, 1), (2, 2), (0, 3)}` holds `(a, b)` iff `b ≥ a` and
/// `3 | b − a`; checked against that rule on `[0, 30]^2`.
#[test]
fn dependent_generators_by_bounded_search() {
    let m =
        Module::new(vec![Point::new([0, 0])], vec![vec![1, 1], vec![2, 2], vec![0, 3]]).unwrap();
    assert!(!m.has_independent_generators());
    for p in box_points(&[30, 30]) {
        let [a, b] = p.coordinates() else { unreachable!() };
        assert_eq!(m.contains(&p), b >= a && (b - a) % 3 == 0, "{p}");
    }
}

/// Bad modules are refused with the reason: a negative generator leaves `N^d`.
#[test]
fn bad_modules() {
    let err = Module::new(vec![Point::new([0, 0])], vec![vec![1, -1]]).unwrap_err();
    assert!(err.to_string().contains("negative entry"), "{err}");
    assert!(matches!(
        Module::new(vec![Point::new([0, 0])], vec![vec![0, 0]]),
        Err(LatticeError::BadModule { .. })
    ));
    assert!(matches!(Module::new(vec![], vec![]), Err(LatticeError::BadModule { .. })));
    assert!(matches!(
        "{(0, 0)} + N{(1, 0)} ∪ {(0, 0, 0)}".parse::<Stratification>(),
        Err(LatticeError::BadModule { index: 2, .. })
    ));
}

/// Disjointness in a box: `2N^2` and `{(2, 2)} + N{(1, 0)}` share `(2, 2)`, the first common
/// point in lexicographic order (points `(a, 2)` with `a ≥ 2` even).
#[test]
fn overlap_is_reported() {
    let s: Stratification = "{(0, 0)} + N{(2, 0); (0, 2)} ∪ {(2, 2)} + N{(1, 0)}".parse().unwrap();
    assert_eq!(s.overlap_in_box(&[10, 10]), Some((Point::new([2, 2]), 0, 1)));
    let t: Stratification =
        "{(0, 0)} + N{(2, 0); (0, 2)} ∪ {(1, 1)} + N{(2, 0); (0, 2)}".parse().unwrap();
    assert_eq!(t.overlap_in_box(&[10, 10]), None);
}

/// Example 4.6 as a fixed stratification: `2N^2` equals the P-positions of Nim with heaps of
/// at most 2 on `[0, 60]^2`; a wrong stratification (`{0} + N{(2, 0), (0, 1)}`) is reported at
/// its first difference `(0, 1)` (one heap of 2, an N-position).
#[test]
fn example_4_6_fixed_stratification() {
    let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
    let s: Stratification = "{(0, 0)} + N{(2, 0); (0, 2)}".parse().unwrap();
    assert_eq!(s.verify(&nim2, &[60, 60]).unwrap(), None);
    let wrong: Stratification = "{(0, 0)} + N{(2, 0); (0, 1)}".parse().unwrap();
    assert_eq!(wrong.verify(&nim2, &[60, 60]).unwrap(), Some(Point::new([0, 1])));
}

/// The search finds Example 4.6 from the box `[0, 8]^2` and it holds on `[0, 60]^2`.
#[test]
fn search_finds_example_4_6() {
    let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
    let found = propose(&nim2, &[8, 8], &[60, 60], SearchLimits::default()).unwrap();
    let Proposal::Verified { stratification, periodicity } = found else { panic!("{found:?}") };
    assert_eq!(stratification.to_string(), "{(0, 0)} + N{(2, 0); (0, 2)}");
    assert_eq!(periodicity.periods(), &[2, 2]);
}

/// The search on Nim (0.333) and Dawson's chess (0.137) as squarefree games with heaps of at
/// most 2 and 3, normal and misère play: learned on `[0, 12]^k`, verified by the search on
/// `[0, 24]^k` and again here on `[0, 30]^k` (k = 2) or `[0, 26]^k` (k = 3), and the
/// stratifications it finds (each a disjoint union of cells, checked disjoint on the box).
#[test]
fn search_on_nim_and_dawsons_chess() {
    let cases = [
        ("0.333", 2, Play::Normal, "{(0, 0)} + N{(2, 0); (0, 2)}"),
        ("0.333", 3, Play::Normal, "{(0, 0, 0); (1, 1, 1)} + N{(2, 0, 0); (0, 2, 0); (0, 0, 2)}"),
        ("0.333", 2, Play::Misere, "{(1, 0)} + N{(2, 0)} ∪ {(0, 2)} + N{(2, 0); (0, 2)}"),
        (
            "0.333",
            3,
            Play::Misere,
            "{(1, 0, 0)} + N{(2, 0, 0)} ∪ {(0, 2, 0)} + N{(2, 0, 0); (0, 2, 0)} ∪ \
             {(0, 0, 2)} + N{(2, 0, 0); (0, 0, 2)} ∪ \
             {(0, 2, 2); (1, 1, 1)} + N{(2, 0, 0); (0, 2, 0); (0, 0, 2)}",
        ),
        ("0.137", 2, Play::Normal, "{(0, 0); (1, 1)} + N{(2, 0); (0, 2)}"),
        ("0.137", 3, Play::Normal, "{(0, 0, 0); (1, 1, 0)} + N{(2, 0, 0); (0, 2, 0); (0, 0, 2)}"),
        ("0.137", 2, Play::Misere, "{(0, 1); (1, 0)} + N{(2, 0); (0, 2)}"),
        (
            "0.137",
            3,
            Play::Misere,
            "{(0, 1, 0); (1, 0, 0)} + N{(2, 0, 0); (0, 2, 0)} ∪ \
             {(0, 0, 2); (1, 1, 2)} + N{(2, 0, 0); (0, 2, 0); (0, 0, 2)}",
        ),
    ];
    for (code, k, play, want) in cases {
        let game = squarefree(code, k, play);
        let found =
            propose(game.game(), &vec![12; k], &vec![24; k], SearchLimits::default()).unwrap();
        let s = found.verified().unwrap_or_else(|| panic!("{code} k={k} {play:?}: {found:?}"));
        assert_eq!(s.to_string(), want, "{code} k={k} {play:?}");
        let upper = vec![if k == 2 { 30 } else { 26 }; k];
        assert_eq!(s.verify(game.game(), &upper).unwrap(), None, "{code} k={k} {play:?}");
        assert_eq!(s.overlap_in_box(&vec![8; k]), None);
    }
}

/// A proposal that fits the learning box and fails later is reported with the first point
/// where it fails: the subtraction game {2, 3} on `N` (P-positions `x mod 5 ∈ {0, 1}`) learned
/// on `[0, 3]` proposes `{0, 1}` (threshold 2, period 1), refuted at 5.
#[test]
fn refuted_proposal_names_the_point() {
    let game = LatticeGame::normal("2 3".parse().unwrap());
    let outcomes = Outcomes::compute(&game, &[20]).unwrap();
    let found = propose_from(&outcomes, &[3], SearchLimits::default()).unwrap();
    let Proposal::Refuted { stratification, point, .. } = found else { panic!("{found:?}") };
    assert_eq!(stratification.to_string(), "{(0); (1)}");
    assert_eq!(point, Point::new([5]));
    // With room to see a period, the search finds {0, 1} + 5N.
    let found =
        propose_from(&outcomes, &[12], SearchLimits { max_threshold: 4, max_period: 5 }).unwrap();
    assert_eq!(found.verified().unwrap().to_string(), "{(0); (1)} + N{(5)}");
}

/// Limits too small for the game: no threshold and period fit, and the axis is named. The
/// learning box must lie inside the verification box.
#[test]
fn search_limits_and_boxes() {
    let game = LatticeGame::normal("2 3".parse().unwrap());
    let found =
        propose(&game, &[20], &[40], SearchLimits { max_threshold: 2, max_period: 4 }).unwrap();
    assert_eq!(found, Proposal::NotFound { axis: 1 });
    assert!(matches!(
        propose(&game, &[20], &[10], SearchLimits::default()),
        Err(LatticeError::BoxNotInside { .. })
    ));
}

fn axis_parallel_strategy() -> impl Strategy<Value = Stratification> {
    (1usize..=3).prop_flat_map(|d| {
        prop::collection::vec(
            (
                prop::collection::vec(prop::collection::vec(0u32..=3, d), 1..=3),
                prop::collection::vec(0u32..=3, d),
            ),
            0..=3,
        )
        .prop_map(move |modules| {
            let modules = modules
                .into_iter()
                .map(|(offsets, multiples)| {
                    let gens = multiples
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| **m != 0)
                        .map(|(i, &m)| {
                            let mut v = vec![0i64; d];
                            v[i] = i64::from(m);
                            v
                        })
                        .collect();
                    Module::new(offsets.into_iter().map(Point::new).collect(), gens).unwrap()
                })
                .collect();
            Stratification::new(d, modules).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Theorem 4.2 and Lemma 4.4 for axis-parallel semigroups (the normal affine semigroups
    /// `N{m_i e_i}` that the proof's carving produces on the orthant): the complement,
    /// intersection, union and difference built on the common cells agree, on the box
    /// `[0, 12]^d`, with the set operations on membership, and are disjoint unions there.
    /// Random sets of up to 3 modules (up to 3 offsets, multiples up to 3), dimensions 1 to 3.
    #[test]
    fn complement_and_intersection_by_membership(
        s in axis_parallel_strategy(),
        t in axis_parallel_strategy(),
    ) {
        let d = s.dimension();
        let upper = vec![if d == 3 { 8 } else { 12 }; d];
        let c = s.complement().unwrap();
        prop_assert_eq!(c.overlap_in_box(&upper), None);
        for p in box_points(&upper) {
            prop_assert_eq!(c.contains(&p), !s.contains(&p), "{} in {}", p, c);
        }
        if t.dimension() == d {
            let i = s.intersection(&t).unwrap();
            let u = s.union(&t).unwrap();
            let m = s.difference(&t).unwrap();
            prop_assert_eq!(u.overlap_in_box(&upper), None);
            for p in box_points(&upper) {
                let (a, b) = (s.contains(&p), t.contains(&p));
                prop_assert_eq!(i.contains(&p), a && b, "{}", p);
                prop_assert_eq!(u.contains(&p), a || b, "{}", p);
                prop_assert_eq!(m.contains(&p), a && !b, "{}", p);
            }
        }
    }
}

/// Theorem 4.2 on games: the N-positions of Example 4.6 are the complement of `2N^2`, three
/// modules, equal to the box's N-positions on `[0, 40]^2`; the misère board `N^2 ∖ {0}` is a
/// stratified set, and the N-positions of misère Nim with heaps of at most 2 are the board
/// minus the P-positions, checked on `[0, 30]^2`. Non-axis-parallel input is refused.
#[test]
fn complement_of_game_stratifications() {
    let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
    let p: Stratification = "{(0, 0)} + N{(2, 0); (0, 2)}".parse().unwrap();
    let n = p.complement().unwrap();
    assert_eq!(n.to_string(), "{(0, 1); (1, 0); (1, 1)} + N{(2, 0); (0, 2)}");
    let outcomes = Outcomes::compute(&nim2, &[40, 40]).unwrap();
    assert_eq!(outcomes.first_difference(|q| !n.contains(q)), None);

    let game = misere_nim(2);
    let board = Stratification::board(2).unwrap().difference(&"{(0, 0)}".parse().unwrap()).unwrap();
    assert!(!board.contains(&Point::new([0, 0])) && board.contains(&Point::new([0, 5])));
    let p: Stratification = "{(1, 0)} + N{(2, 0)} ∪ {(0, 2)} + N{(2, 0); (0, 2)}".parse().unwrap();
    let n = board.difference(&p).unwrap();
    let outcomes = Outcomes::compute(game.game(), &[30, 30]).unwrap();
    for q in outcomes.points() {
        let want = outcomes.outcome(&q).map(|o| !o.is_p());
        assert_eq!(Some(n.contains(&q)), want.or(Some(false)), "{q}");
    }
    let general: Stratification = "{(0, 0)} + N{(1, 1)}".parse().unwrap();
    assert!(matches!(general.complement(), Err(LatticeError::Unsupported { .. })));
}

/// Example 4.7 (the misère game of Plambeck and Siegel's Figure 12, GM09 Example 8.13): the
/// rule-set matrix is lost from the text and could not be recovered from any source at hand,
/// so the example is **not reconstructed**. What is checked instead is the candidate the issue
/// names for the CLI, `Γ = {(2, 0), (0, 1), (1, 1)}` in ordinary misère play, an unconfirmed
/// guess: its P-positions are not periodic along the axes (their periodic region is bounded by
/// a diagonal), so the axis-parallel search finds nothing, which this test asserts so that a
/// change is noticed.
#[test]
fn example_4_7_candidate_is_not_axis_periodic() {
    let game = LatticeGame::misere("2,0 0,1 1,1".parse().unwrap());
    let found = propose(&game, &[16, 16], &[40, 40], SearchLimits::default()).unwrap();
    assert_eq!(found, Proposal::NotFound { axis: 1 });
}

/// The same candidate has an affine stratification all the same, along other directions:
/// ten modules with independent generators, split by the line 2x - 3y = -3 (direction (3, 2),
/// the sum of the rule vectors); periods (4, 0) and (6, 4) on one side, (0, 2) and (6, 4) on the
/// other. Found by hand from the box data; disjoint on [0, 60]^2 and equal to the P-positions
/// on [0, 80]^2 here (on [0, 120]^2 and [0, 200]^2 in a longer run). Evidence about the guess,
/// not about the paper's Example 4.7, whose rule set is lost.
#[test]
fn example_4_7_candidate_has_a_stratification_along_other_directions() {
    let game = LatticeGame::misere("2,0 0,1 1,1".parse().unwrap());
    let s: Stratification = "{(0, 1); (1, 0); (2, 0); (2, 2); (3, 2); (5, 3)} + N{(4, 0); (6, 4)} \
         ∪ {(0, 3); (1, 3); (3, 4); (4, 4)} + N{(0, 2); (6, 4)}"
        .parse()
        .unwrap();
    assert_eq!(s.overlap_in_box(&[60, 60]), None);
    assert_eq!(s.verify(&game, &[80, 80]).unwrap(), None);
}

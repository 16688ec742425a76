//! Rational strategies (Definitions 3.1-3.4, Lemmas 3.5, 5.2, 5.4, 5.5, Theorems 3.6 and 5.1)
//! and misère congruence (Definition 6.1, Theorem 6.2, Corollary 6.3) against the box dynamic
//! programme, plain enumeration and the generic solver.

use grundy_core::{Config, Method, Outcome, Solver};
use grundy_lattice::{
    LatticeError, LatticeGame, Module, Outcomes, Play, Point, Quotient, RationalFunction,
    SearchLimits, Squarefree, StrategicGame, Stratification, Term, congruence_witness,
    congruence_witness_in_box, propose,
};
use grundy_octal::Rules;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;

fn rat(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

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

fn squarefree(code: &str, k: usize, play: Play) -> Squarefree {
    Squarefree::new(Rules::octal(code.parse().unwrap()), k, play).unwrap()
}

/// The stratification the search finds for a squarefree game, learned on `[0, 12]^k` and
/// verified on `[0, 24]^k`.
fn found(game: &Squarefree) -> Stratification {
    let k = game.bound();
    let p = propose(game.game(), &vec![12; k], &vec![24; k], SearchLimits::default()).unwrap();
    p.verified().expect("verified").clone()
}

/// Theorem 5.1 (with Lemmas 5.4, 5.5 and Corollary 5.3 for independent generators): the
/// rational function of a verified stratification, expanded on a box, is the indicator of the
/// P-positions there, and its coefficients extracted one by one (linear algebra per term,
/// no expansion) agree with the expansion. Nim (0.333) and Dawson's chess (0.137) with heaps
/// of at most 2 and 3, normal and misère play, on `[0, 14]^2` and `[0, 9]^3`.
#[test]
fn rational_strategies_from_stratifications() {
    for code in ["0.333", "0.137"] {
        for k in [2, 3] {
            for play in [Play::Normal, Play::Misere] {
                let game = squarefree(code, k, play);
                let s = found(&game);
                let f = RationalFunction::from_stratification(&s).unwrap();
                let upper = vec![if k == 2 { 14 } else { 9 }; k];
                let outcomes = Outcomes::compute(game.game(), &upper).unwrap();
                assert_eq!(f.first_difference(&outcomes).unwrap(), None, "{code} {k} {play:?}");
                let expansion = f.expand(&upper).unwrap();
                for (p, c) in box_points(&upper).iter().zip(&expansion) {
                    assert_eq!(&f.coefficient(p), c, "{p}");
                }
            }
        }
    }
}

/// Example 4.6's strategy written out, and a term with dependent denominators
/// `1 / ((1 − x^(1,1)) (1 − x^(2,2)))`: its coefficient at `(2a, 2a)` counts the ways to write
/// `2a = n_1 + 2 n_2`, that is `a + 1`, by the bounded search and by the expansion.
#[test]
fn coefficients_with_dependent_denominators() {
    let s: Stratification = "{(0, 0)} + N{(2, 0); (0, 2)}".parse().unwrap();
    let f = RationalFunction::from_stratification(&s).unwrap();
    assert_eq!(f.to_string(), "x^(0, 0) / ((1 - x^(2, 0))(1 - x^(0, 2)))");
    let t =
        Term::new(BigRational::one(), Point::new([0, 0]), vec![vec![1, 1], vec![2, 2]]).unwrap();
    let g = RationalFunction::new(2, vec![t]).unwrap();
    let expansion = g.expand(&[8, 8]).unwrap();
    for (p, c) in box_points(&[8, 8]).iter().zip(&expansion) {
        let [x, y] = p.coordinates() else { unreachable!() };
        let want = if x == y { rat(i64::from(*x) / 2 + 1) } else { rat(0) };
        assert_eq!(c, &want, "{p}");
        assert_eq!(g.coefficient(p), want, "{p}");
    }
    assert!(matches!(g.outcome(&Point::new([2, 2])), Err(LatticeError::NotAStrategy { .. })));
    // A stratification with dependent generators has no rational function here (Lemma 5.4
    // would need Barvinok's algorithm).
    let dependent: Stratification = "{(0, 0)} + N{(1, 1); (2, 2)}".parse().unwrap();
    assert!(matches!(
        RationalFunction::from_stratification(&dependent),
        Err(LatticeError::Unsupported { .. })
    ));
}

/// Theorem 3.6: for every position of the box, the strategy's answer is the box's outcome, and
/// the winning moves it lists are exactly the moves to P-positions (none from a P-position,
/// at least one from an N-position; the P-positions reached are read from the box dynamic
/// programme, itself checked against plain recursion in `tests/lattice.rs`). Misère Nim and
/// misère Dawson's chess with heaps of at most 3, normal Nim with heaps of at most 2, on
/// `[0, 7]^k`.
#[test]
fn outcomes_and_winning_moves_from_a_strategy() {
    for (code, k, play) in
        [("0.333", 2, Play::Normal), ("0.333", 3, Play::Misere), ("0.137", 3, Play::Misere)]
    {
        let game = squarefree(code, k, play);
        let f = RationalFunction::from_stratification(&found(&game)).unwrap();
        let upper = vec![7; k];
        let outcomes = Outcomes::compute(game.game(), &upper).unwrap();
        // A move adds at most 2 to a coordinate (a heap split in two equal heaps): the box
        // [0, 9]^k holds every target.
        let targets = Outcomes::compute(game.game(), &vec![9; k]).unwrap();
        for p in outcomes.points() {
            let Some(o) = outcomes.outcome(&p) else { continue };
            assert_eq!(f.outcome(&p).unwrap(), o, "{p}");
            let winning = f.winning_moves(game.game(), &p).unwrap();
            let mut all = Vec::new();
            grundy_core::Ruleset::moves(game.game(), &p, &mut all);
            let want: Vec<usize> = all
                .into_iter()
                .filter(|mv| {
                    let q = grundy_core::Ruleset::play(game.game(), &p, mv);
                    targets.outcome(&q) == Some(Outcome::P)
                })
                .collect();
            assert_eq!(winning, want, "{p}");
            assert_eq!(winning.is_empty(), o == Outcome::P, "{p}");
        }
    }
}

/// The strategy as a solver shortcut: `StrategicGame` answers `known_outcome` and
/// `known_value` from the strategy; both solver methods give the generic solver's outcomes on
/// misère Nim with heaps of at most 3 (`[0, 5]^3`), and a wrong strategy is refused at the
/// first point where it fails.
#[test]
fn strategic_game_as_a_solver_shortcut() {
    let game = squarefree("0.333", 3, Play::Misere);
    let f = RationalFunction::from_stratification(&found(&game)).unwrap();
    let strategic = StrategicGame::verified(game.game().clone(), f, &[6, 6, 6]).unwrap();
    let mut plain = Solver::new(game.game());
    let mut fast = Solver::new(&strategic);
    let mut pruned = Solver::with_config(&strategic, Config::default().with_method(Method::Pruned));
    for p in box_points(&[5, 5, 5]) {
        if p == Point::origin(3) {
            continue;
        }
        let want = plain.outcome(&p).unwrap();
        assert_eq!(fast.outcome(&p).unwrap(), want, "{p}");
        assert_eq!(pruned.outcome(&p).unwrap(), want, "{p}");
    }
    let wrong = RationalFunction::from_stratification(
        &"{(0, 0, 0)} + N{(2, 0, 0); (0, 2, 0); (0, 0, 2)}".parse().unwrap(),
    )
    .unwrap();
    let err = StrategicGame::verified(game.game().clone(), wrong, &[6, 6, 6]).unwrap_err();
    assert!(matches!(err, LatticeError::NotAStrategy { .. }), "{err}");
}

fn axis_function() -> impl Strategy<Value = RationalFunction> {
    prop::collection::vec(
        (-2i64..=2, prop::collection::vec(0u32..=3, 2), prop::collection::vec(0u32..=3, 2)),
        0..=3,
    )
    .prop_map(|terms| {
        let terms = terms
            .into_iter()
            .map(|(c, a, m)| {
                let dens = (0..2)
                    .filter(|&i| m[i] != 0)
                    .map(|i| {
                        let mut b = vec![0u32; 2];
                        b[i] = m[i];
                        b
                    })
                    .collect();
                Term::new(rat(c), Point::new(a), dens).unwrap()
            })
            .collect();
        RationalFunction::new(2, terms).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Definition 3.4 and Lemma 3.5 for axis-parallel denominators: the closed-form Hadamard
    /// product expands to the coefficientwise product of the two expansions on `[0, 14]^2`,
    /// for random functions of up to 3 terms with coefficients in −2..=2.
    #[test]
    fn hadamard_product_is_coefficientwise(f in axis_function(), g in axis_function()) {
        let h = f.hadamard(&g).unwrap();
        let (ef, eg, eh) = (f.expand(&[14, 14]).unwrap(), g.expand(&[14, 14]).unwrap(), h.expand(&[14, 14]).unwrap());
        for i in 0..ef.len() {
            prop_assert_eq!(&eh[i], &(&ef[i] * &eg[i]), "point {}", i);
        }
    }

    /// Lemma 5.2: for two modules `S`, `T` (axis-parallel), `f(S) + f(T) − f(S) ⊙ f(T)` is the
    /// indicator of `S ∪ T` on `[0, 14]^2`.
    #[test]
    fn union_by_inclusion_exclusion(
        a in prop::collection::vec(0u32..=3, 2), m in prop::collection::vec(1i64..=3, 2),
        c in prop::collection::vec(0u32..=3, 2), n in prop::collection::vec(0i64..=3, 2),
    ) {
        let gens = |m: &[i64]| (0..2).filter(|&i| m[i] != 0).map(|i| {
            let mut v = vec![0i64; 2];
            v[i] = m[i];
            v
        }).collect::<Vec<_>>();
        let s = Stratification::new(2, vec![Module::new(vec![Point::new(a)], gens(&m)).unwrap()]).unwrap();
        let t = Stratification::new(2, vec![Module::new(vec![Point::new(c)], gens(&n)).unwrap()]).unwrap();
        let (fs, ft) = (RationalFunction::from_stratification(&s).unwrap(), RationalFunction::from_stratification(&t).unwrap());
        let union = fs.add(&ft).unwrap().add(&fs.hadamard(&ft).unwrap().scale(&rat(-1))).unwrap();
        let e = union.expand(&[14, 14]).unwrap();
        for (p, x) in box_points(&[14, 14]).iter().zip(&e) {
            let want = if s.contains(p) || t.contains(p) { BigRational::one() } else { BigRational::zero() };
            prop_assert_eq!(x, &want, "{}", p);
        }
    }
}

/// Hadamard products of other denominators are refused (Barvinok and Woods' algorithm is not
/// built).
#[test]
fn hadamard_of_general_denominators_is_unsupported() {
    let t = Term::new(rat(1), Point::new([0, 0]), vec![vec![1, 1]]).unwrap();
    let f = RationalFunction::new(2, vec![t]).unwrap();
    assert!(matches!(f.hadamard(&f), Err(LatticeError::Unsupported { .. })));
}

/// Corollary 6.3 (and Theorem 6.2 through it): congruence decided exactly from the
/// stratification equals brute force on a box (every `x` with `p + x`, `q + x` in the box),
/// for every pair of positions of `[0, 3]^k`, on misère Nim (heaps ≤ 2 and ≤ 3) and misère
/// Dawson's chess (heaps ≤ 3); the box `[0, 12]^k` holds `p + x` for every `x` of the exact
/// horizon. Every witness `x` separates the two positions in the box.
#[test]
fn congruence_equals_brute_force() {
    for (code, k) in [("0.333", 2), ("0.333", 3), ("0.137", 3)] {
        let game = squarefree(code, k, Play::Misere);
        let s = found(&game);
        let outcomes = Outcomes::compute(game.game(), &vec![12; k]).unwrap();
        let points = box_points(&vec![3; k]);
        for p in &points {
            for q in &points {
                let exact = congruence_witness(&s, p, q).unwrap();
                let brute = congruence_witness_in_box(&outcomes, p, q);
                assert_eq!(exact.is_none(), brute.is_none(), "{code} {p} {q}");
                if let Some(x) = exact {
                    let a = outcomes.is_p(&p.plus(&x).unwrap());
                    let b = outcomes.is_p(&q.plus(&x).unwrap());
                    assert_ne!(a, b, "{code} {p} {q} {x}");
                }
            }
        }
    }
}

/// The misère quotient of misère Nim with heaps of at most 2 and of at most 3, from the
/// stratification the search finds: six classes `1, a, b, ab, b², ab²` with `a² = 1`,
/// `b³ = b`, P-portion `{a, b²}` (`a` a heap of 1, `b` a heap of 2; a heap of 3 is `ab`), as
/// for Plambeck and Siegel's quotient of misère Nim on heaps 1 and 2. Misère Dawson's chess
/// with heaps of at most 3 has the same quotient (a heap of 1 or 2 is `a`, a heap of 3 is
/// `b`). The classes are checked against brute-force congruence in the box `[0, 12]^k`.
#[test]
fn misere_quotients() {
    for (code, k) in [("0.333", 2), ("0.333", 3), ("0.137", 3)] {
        let game = squarefree(code, k, Play::Misere);
        let s = found(&game);
        let q = Quotient::from_stratification(&s).unwrap();
        assert_eq!(q.len(), 6, "{code} {k}");
        let unit = |i: usize| {
            let mut c = vec![0u32; k];
            c[i] = 1;
            q.class_of(&Point::new(c)).unwrap()
        };
        let (a, b) = if code == "0.333" { (unit(0), unit(1)) } else { (unit(0), unit(2)) };
        let one = q.identity();
        let mul = |x: usize, y: usize| q.product(x, y).unwrap();
        let (ab, b2) = (mul(a, b), mul(b, b));
        let ab2 = mul(a, b2);
        let mut elements = vec![one, a, b, ab, b2, ab2];
        elements.sort_unstable();
        elements.dedup();
        assert_eq!(elements.len(), 6, "{code} {k}: 1, a, b, ab, b², ab² distinct");
        assert_eq!(mul(a, a), one);
        assert_eq!(mul(b2, b), b);
        let mut p_portion: Vec<usize> = q.p_portion().collect();
        p_portion.sort_unstable();
        let mut want = vec![a, b2];
        want.sort_unstable();
        assert_eq!(p_portion, want, "{code} {k}");
        if code == "0.333" && k == 3 {
            assert_eq!(unit(2), ab, "a heap of 3 is ab");
        }
        if code == "0.137" {
            assert_eq!(unit(1), a, "a heap of 2 is a");
        }
        // Brute force: representatives pairwise incongruent, every point of [0, 3]^k
        // congruent to its class's representative.
        let outcomes = Outcomes::compute(game.game(), &vec![12; k]).unwrap();
        let reps = q.representatives();
        for i in 0..reps.len() {
            for j in 0..i {
                assert!(congruence_witness_in_box(&outcomes, &reps[i], &reps[j]).is_some());
            }
        }
        for p in box_points(&vec![3; k]) {
            let r = &reps[q.class_of(&p).unwrap()];
            assert_eq!(congruence_witness_in_box(&outcomes, &p, r), None, "{p} ~ {r}");
        }
    }
}

/// Normal play, for contrast: Nim with heaps of at most 2 has the quotient `Z/2 × Z/2` (four
/// classes, nim-sums 0 to 3), with the single P-class the identity.
#[test]
fn normal_play_quotient_of_nim() {
    let s: Stratification = "{(0, 0)} + N{(2, 0); (0, 2)}".parse().unwrap();
    let q = Quotient::from_stratification(&s).unwrap();
    assert_eq!(q.len(), 4);
    assert_eq!(q.p_portion().collect::<Vec<_>>(), vec![q.identity()]);
    let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
    let outcomes = Outcomes::compute(&nim2, &[12, 12]).unwrap();
    assert_eq!(
        congruence_witness_in_box(&outcomes, &Point::new([2, 0]), &Point::new([0, 0])),
        None
    );
}

/// Theorem 6.2: congruence decided from the rational strategy (series beyond `p` and beyond
/// `q` compared exactly) equals the decision from the stratification (Corollary 6.3), itself
/// equal to brute force in `congruence_equals_brute_force`; every pair of positions of
/// `[0, 3]^k` of misère Nim (heaps ≤ 2, ≤ 3) and misère Dawson's chess (heaps ≤ 3).
#[test]
fn congruence_from_the_rational_strategy() {
    for (code, k) in [("0.333", 2), ("0.333", 3), ("0.137", 3)] {
        let s = found(&squarefree(code, k, Play::Misere));
        let f = RationalFunction::from_stratification(&s).unwrap();
        let points = box_points(&vec![3; k]);
        for p in &points {
            for q in &points {
                let by_strategy = f.congruent(p, q).unwrap();
                let by_stratification = congruence_witness(&s, p, q).unwrap().is_none();
                assert_eq!(by_strategy, by_stratification, "{code} {p} {q}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The series beyond `p` has at `x` the coefficient of `p + x` (on `x ∈ [0, 8]^2`), and the
    /// zero test agrees with the expansion on `[0, 14]^2` (random functions of up to 3
    /// axis-parallel terms; a function minus itself, and the difference of two functions).
    #[test]
    fn series_beyond_a_point_and_zero_test(
        f in axis_function(), g in axis_function(),
        p in prop::collection::vec(0u32..=4, 2),
    ) {
        let p = Point::new(p);
        let b = f.beyond(&p).unwrap();
        for x in box_points(&[8, 8]) {
            prop_assert_eq!(b.coefficient(&x), f.coefficient(&p.plus(&x).unwrap()), "{}", x);
        }
        let minus = |a: &RationalFunction, c: &RationalFunction| a.add(&c.scale(&rat(-1))).unwrap();
        prop_assert!(minus(&f, &f).is_zero_series().unwrap());
        let h = minus(&f, &g);
        let zero_in_box = h.expand(&[14, 14]).unwrap().iter().all(Zero::is_zero);
        prop_assert_eq!(h.is_zero_series().unwrap(), zero_in_box);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Lemmas 5.4 and 5.5 for linearly independent generators (not only axis-parallel ones):
    /// the function `Σ_f x^f / Π_j (1 − x^{v_j})` of a module `F + N{v}` counts, at each point
    /// of `[0, 10]^2`, the offsets `f` with `p ∈ f + N{v}`: the module's indicator when the
    /// translates are disjoint (always for one offset). Random modules of up to 2 offsets and
    /// up to 2 independent generators with entries at most 3; coefficients extracted one by
    /// one equal the expansion.
    #[test]
    fn module_functions_count_translates(
        offsets in prop::collection::vec(prop::collection::vec(0u32..=3, 2), 1..=2),
        gens in prop::collection::vec(prop::collection::vec(0i64..=3, 2), 0..=2),
    ) {
        let gens: Vec<Vec<i64>> = gens.into_iter().filter(|v| v.iter().any(|&x| x != 0)).collect();
        let mut offsets: Vec<Point> = offsets.into_iter().map(Point::new).collect();
        offsets.sort();
        offsets.dedup();
        let Ok(module) = Module::new(offsets.clone(), gens.clone()) else { return Ok(()) };
        prop_assume!(module.has_independent_generators());
        let s = Stratification::new(2, vec![module]).unwrap();
        let f = RationalFunction::from_stratification(&s).unwrap();
        let expansion = f.expand(&[10, 10]).unwrap();
        for (p, c) in box_points(&[10, 10]).iter().zip(&expansion) {
            let count = offsets
                .iter()
                .filter(|o| Module::new(vec![(*o).clone()], gens.clone()).unwrap().contains(p))
                .count();
            prop_assert_eq!(c, &rat(count as i64), "{}", p);
            prop_assert_eq!(&f.coefficient(p), c, "{}", p);
        }
    }
}

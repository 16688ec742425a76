//! Lattice games against the generic solvers: the box dynamic programme, Example 4.6,
//! ordinary misère play, and squarefree heap games against grundy-octal and grundy-nim.

use grundy_core::{Outcome, Solver, naive};
use grundy_lattice::{LatticeError, LatticeGame, Outcomes, Play, Point, RuleSet, Squarefree};
use grundy_octal::{Code, Heaps, Octal, Rules, Sequence};
use proptest::prelude::*;

/// Example 4.6 of Guo-Miller: Nim with heaps of at most 2 on `N^2` (coordinate `i` counts the
/// heaps of size `i`) has the affine stratification `2N^2`: the P-positions are exactly the
/// points with both coordinates even. Checked on the box `[0, 60]^2` by the dynamic programme
/// and on `[0, 8]^2` by the generic solver.
#[test]
fn example_4_6_nim_with_heaps_of_at_most_two() {
    let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
    let outcomes = Outcomes::compute(&nim2, &[60, 60]).unwrap();
    let both_even = |p: &Point| p.coordinates().iter().all(|x| x % 2 == 0);
    assert_eq!(outcomes.first_difference(both_even), None);
    assert_eq!(outcomes.p_positions().count(), 31 * 31);
    let mut solver = Solver::new(&nim2);
    for a in 0..=8 {
        for b in 0..=8 {
            let p = Point::new([a, b]);
            assert_eq!(solver.outcome(&p).unwrap().is_p(), both_even(&p), "{p}");
        }
    }
    // The same game from Nim's rule: the nim-sum of a heaps of 1 and b heaps of 2.
    assert!(outcomes.points().all(|p| {
        let [a, b] = p.coordinates() else { unreachable!() };
        outcomes.is_p(&p) == ((a % 2) ^ (2 * (b % 2)) == 0)
    }));
}

/// The picture of a 2-dimensional box.
#[test]
fn picture_of_example_4_6() {
    let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
    let picture = Outcomes::compute(&nim2, &[4, 2]).unwrap().picture().unwrap();
    assert_eq!(picture, "P.P.P\n.....\nP.P.P\n");
}

/// Ordinary misère play defeats the origin: Nim with heaps of at most 3 (the octal code 0.333)
/// as a squarefree misère game has the outcomes of misère Nim (Bouton's misère rule in
/// grundy-nim) on every position of up to 6 heaps of each size.
#[test]
fn misere_nim_as_a_squarefree_game() {
    let game = Squarefree::new(Rules::octal("0.333".parse().unwrap()), 3, Play::Misere).unwrap();
    let outcomes = Outcomes::compute(game.game(), &[6, 6, 6]).unwrap();
    let nim = grundy_nim::Nim;
    for p in outcomes.points() {
        let heaps = game.heaps(&p);
        if p.coordinates().iter().all(|&x| x == 0) {
            assert_eq!(outcomes.outcome(&p), None, "the origin is defeated");
            continue;
        }
        let nim_heaps = grundy_nim::Heaps::new(heaps.heaps().to_vec());
        assert_eq!(outcomes.outcome(&p), Some(nim.misere_outcome(&nim_heaps)), "{p}");
    }
}

/// Squarefree games in normal play: the P-positions in a box are the multi-heap positions of
/// nim-sum 0 under the heap game's Grundy sequence, for Dawson's chess (0.137), Kayles (0.77),
/// Nim (0.3333) and Grundy's game, with heaps of at most 4 (at most 5 of each size).
#[test]
fn squarefree_normal_play_agrees_with_grundy_values() {
    for rules in [
        Rules::octal(Code::dawson_chess()),
        Rules::octal(Code::kayles()),
        Rules::octal("0.3333".parse().unwrap()),
        Rules::grundys_game(),
    ] {
        let bound = 4;
        let Ok(game) = Squarefree::new(rules.clone(), bound, Play::Normal) else {
            // Grundy's game has no move from heaps of 1 and 2: axiom 2 fails.
            assert!(rules.is_grundys_game());
            continue;
        };
        let mut seq = Sequence::for_rules(rules);
        seq.extend_to(bound + 1).unwrap();
        let outcomes = Outcomes::compute(game.game(), &[5; 4]).unwrap();
        for p in outcomes.points() {
            let sum = game
                .heaps(&p)
                .heaps()
                .iter()
                .fold(0, |acc, &h| acc ^ seq.value(h).unwrap().value());
            assert_eq!(outcomes.is_p(&p), sum == 0, "{p}");
        }
    }
}

/// A heap size with no move breaks axiom 2, and the error names it.
#[test]
fn a_heap_without_moves_breaks_axiom_2() {
    let err = Squarefree::new(Rules::grundys_game(), 4, Play::Normal).unwrap_err();
    assert_eq!(err, LatticeError::RayWithoutRule { axis: 1 });
}

/// Misère Dawson's chess: the squarefree misère game against the generic solver's misère
/// outcome of the multi-heap position (heaps of at most 5, at most 3 of each size).
#[test]
fn squarefree_misere_dawson_against_the_solver() {
    let game = Squarefree::new(Rules::octal(Code::dawson_chess()), 5, Play::Misere).unwrap();
    let outcomes = Outcomes::compute(game.game(), &[3; 5]).unwrap();
    let octal = Octal::new(Code::dawson_chess());
    let mut solver = Solver::new(&octal);
    for p in outcomes.points() {
        if p.coordinates().iter().all(|&x| x == 0) {
            continue;
        }
        let heaps: Heaps = game.heaps(&p);
        assert_eq!(outcomes.outcome(&p), Some(solver.misere_outcome(&heaps).unwrap()), "{p}");
    }
}

/// The outcome of `p` by recursion over the definition (a P-position has no move to a
/// P-position), memoised so that long games stay cheap: plain recursion without a memo takes
/// exponential time on some rule sets of the proptest below (minutes on one seed).
fn memo_outcome(
    game: &LatticeGame,
    p: &Point,
    memo: &mut std::collections::HashMap<Point, Outcome>,
) -> Outcome {
    if let Some(&known) = memo.get(p) {
        return known;
    }
    let mut moves = Vec::new();
    grundy_core::Ruleset::moves(game, p, &mut moves);
    let outcome = if moves
        .iter()
        .any(|mv| memo_outcome(game, &grundy_core::Ruleset::play(game, p, mv), memo).is_p())
    {
        Outcome::N
    } else {
        Outcome::P
    };
    memo.insert(p.clone(), outcome);
    outcome
}

/// The memoised reference agrees with `naive::outcome` (the unmemoised definition) on small
/// boxes of a few rule sets.
#[test]
fn memoised_reference_agrees_with_naive() {
    for rules in ["1,0 0,1 -1,1", "1,-1 -1,2", "2,0 1,0 0,1", "1,0,0 0,1,0 0,0,1 -1,1,0"] {
        let game = LatticeGame::normal(rules.parse().unwrap());
        let d = game.rules().dimension();
        let outcomes = Outcomes::compute(&game, &vec![3; d]).unwrap();
        let mut memo = std::collections::HashMap::new();
        for p in outcomes.points() {
            assert_eq!(
                memo_outcome(&game, &p, &mut memo),
                naive::outcome(&game, &p),
                "{rules} {p}"
            );
        }
    }
}

fn rule_sets() -> impl Strategy<Value = RuleSet> {
    (1usize..=3)
        .prop_flat_map(|d| prop::collection::vec(prop::collection::vec(-2i64..=2, d), 1..=5))
        .prop_filter_map("not a rule set", |v| RuleSet::new(v).ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The box dynamic programme against plain recursion on every point of a small box, for
    /// random rule sets and random defeated positions.
    #[test]
    fn box_outcomes_equal_plain_recursion(
        rules in rule_sets(),
        generators in prop::collection::vec(prop::collection::vec(0u32..=2, 3), 0..=2),
        upper in prop::collection::vec(0u32..=4, 3),
    ) {
        let d = rules.dimension();
        let generators: Vec<Point> = generators.into_iter().map(|g| Point::new(&g[..d])).collect();
        let game = LatticeGame::with_defeated(rules, generators).unwrap();
        let outcomes = Outcomes::compute(&game, &upper[..d]).unwrap();
        let mut memo = std::collections::HashMap::new();
        for p in outcomes.points() {
            let want = (!game.is_defeated(&p)).then(|| memo_outcome(&game, &p, &mut memo));
            prop_assert_eq!(outcomes.outcome(&p), want, "{}", p);
        }
    }
}

/// Outcome classes through `Outcome`, for the docs' sake: a defeated point has none.
#[test]
fn defeated_points_have_no_outcome() {
    let game =
        LatticeGame::with_defeated("1,0 0,1".parse().unwrap(), vec![Point::new([1, 0])]).unwrap();
    let outcomes = Outcomes::compute(&game, &[2, 2]).unwrap();
    assert_eq!(outcomes.outcome(&Point::new([1, 0])), None);
    assert_eq!(outcomes.outcome(&Point::new([0, 0])), None);
    // (2, 0) may only go to (1, 0), which is defeated: no move, a P-position.
    assert_eq!(outcomes.outcome(&Point::new([2, 0])), Some(Outcome::P));
    assert_eq!(outcomes.outcome(&Point::new([3, 0])), None, "outside the box");
}

/// A rule set no order of the coordinates suits (`(1, −1)` and `(−1, 2)`): cells are solved in
/// the order of the positive weight instead, and agree with plain recursion; the enlarged box
/// reaches past the box asked for.
#[test]
fn rule_sets_without_a_lexicographic_order() {
    let game = LatticeGame::normal("1,-1 -1,2".parse().unwrap());
    let outcomes = Outcomes::compute(&game, &[6, 6]).unwrap();
    assert!(outcomes.reach()[0] > 6 && outcomes.reach()[1] > 6, "{:?}", outcomes.reach());
    for p in outcomes.points() {
        assert_eq!(outcomes.outcome(&p), Some(naive::outcome(&game, &p)), "{p}");
    }
}

/// Definition 2.4: the input complexity counts a sign bit and the magnitude bits of every
/// entry of the rule set and of the generators of the defeated positions.
#[test]
fn input_complexity_counts_bits() {
    // 2 → 3 bits, 0 → 1, −3 → 3, 5 → 4, 1 → 2, 0 → 1.
    let rules: RuleSet = "2,0 -3,5 1,0".parse().unwrap();
    assert_eq!(LatticeGame::normal(rules.clone()).input_complexity(), 3 + 1 + 3 + 4 + 2 + 1);
    // Generators (4, 1) → 4 + 2 bits.
    let game = LatticeGame::with_defeated(rules, vec![Point::new([4, 1])]).unwrap();
    assert_eq!(game.input_complexity(), 14 + 6);
}

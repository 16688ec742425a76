//! Avoid True against its plain definition; the formula parser and the text forms.

use grundy_avoid_true::{
    AvoidTrue, AvoidTruePosition, Formula, FormulaError, PositionError, VarSet,
};
use grundy_core::{Nimber, Ruleset, Solver, naive};
use proptest::prelude::*;

/// Avoid True straight from Ruleset 7: `x ∉ T` is feasible when making `T ∪ {x}` true does
/// not make the formula true. No shortcut.
struct PlainAvoidTrue;

impl Ruleset for PlainAvoidTrue {
    type Position = AvoidTruePosition;
    type Move = usize;

    fn moves(&self, p: &AvoidTruePosition, moves: &mut Vec<usize>) {
        for x in 0..p.variables() {
            let mut t = p.true_vars().clone();
            if t.insert(x) && !p.is_satisfied_by(&t) {
                moves.push(x);
            }
        }
    }

    fn play(&self, p: &AvoidTruePosition, x: &usize) -> AvoidTruePosition {
        let mut t = p.true_vars().clone();
        t.insert(*x);
        AvoidTruePosition::new(p.variables(), p.clauses().to_vec(), t).expect("in range")
    }
}

fn set(items: &[usize]) -> VarSet {
    items.iter().copied().collect()
}

fn positions(max_variables: usize, max_clauses: usize) -> impl Strategy<Value = AvoidTruePosition> {
    (0..=max_variables).prop_flat_map(move |n| {
        let subset = prop::collection::vec(any::<bool>(), n).prop_map(|bits| {
            bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect::<VarSet>()
        });
        let t = prop::collection::vec(prop::bool::weighted(0.2), n).prop_map(|bits| {
            bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect::<VarSet>()
        });
        (prop::collection::vec(subset, 0..=max_clauses), t)
            .prop_map(move |(clauses, t)| AvoidTruePosition::new(n, clauses, t).expect("in range"))
    })
}

#[test]
fn moves_follow_ruleset_7() {
    let f: Formula = "(x1 | x2 | x3) & (x1 | x4)".parse().expect("valid");
    let p = f.position(&[]).expect("no true variable");
    // x1 satisfies both clauses; every other variable leaves one open.
    assert_eq!(AvoidTrue.move_list(&p), [1, 2, 3]);
    let p = AvoidTrue.play(&p, &1); // x2: the first clause is now true
    assert_eq!(AvoidTrue.move_list(&p), [2]); // x1 and x4 would satisfy the second
    let p = AvoidTrue.play(&p, &2);
    assert!(AvoidTrue.is_terminal(&p));
    assert!(!AvoidTrue.is_legal(&p, &0) && !AvoidTrue.is_legal(&p, &9));
    // Variables in no clause are always playable; a true formula has no move.
    let p = AvoidTruePosition::new(3, vec![set(&[0])], VarSet::new()).expect("valid");
    assert_eq!(AvoidTrue.move_list(&p), [1, 2]);
    let p = AvoidTruePosition::new(3, vec![], VarSet::new()).expect("valid");
    assert!(AvoidTrue.is_terminal(&p));
    // The empty clause is never true: every free variable is playable, forever.
    let p =
        AvoidTruePosition::new(3, vec![VarSet::new(), set(&[0, 1, 2])], set(&[1])).expect("valid");
    assert_eq!(AvoidTrue.move_list(&p), [0, 2]);
    assert_eq!(naive::value(&AvoidTrue, &p), Nimber::ZERO);
}

#[test]
fn position_constructor_checks_ranges() {
    assert_eq!(
        AvoidTruePosition::new(3, vec![set(&[0]), set(&[1, 3])], VarSet::new()),
        Err(PositionError::ClauseVariableOutOfRange { clause: 2, variable: 4, variables: 3 })
    );
    let err = AvoidTruePosition::new(2, vec![], set(&[5])).unwrap_err();
    assert_eq!(err.to_string(), "true variable x6 does not exist: there are only 2 variables");
}

#[test]
fn parser_accepts_both_notations_and_whitespace() {
    let a: Formula = "(x1|x2|x3)&(x1|x4)".parse().expect("valid");
    let b: Formula = " ( x1 ∨ x2 ∨x3 )\n∧( x1∨ x4 ) ".parse().expect("valid");
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "(x1 | x2 | x3) & (x1 | x4)");
    assert_eq!(a.clauses(), [set(&[0, 1, 2]), set(&[0, 3])]);
    // Unit clauses need no parentheses; duplicates inside a clause are one variable.
    let c: Formula = "x2 & (x1 | x1)".parse().expect("valid");
    assert_eq!(c.clauses(), [set(&[1]), set(&[0])]);
    assert_eq!(c.to_string(), "(x2) & (x1)");
    // Reserved words.
    let t: Formula = "true".parse().expect("valid");
    assert!(t.clauses().is_empty() && t.names().is_empty());
    assert_eq!(t.to_string(), "true");
    let f: Formula = "false & (x1)".parse().expect("valid");
    assert_eq!(f.clauses(), [VarSet::new(), set(&[0])]);
    assert_eq!(f.to_string(), "false & (x1)");
    assert_eq!("⊥ ∧ x1".parse::<Formula>().expect("valid"), f);
    assert_eq!("⊤".parse::<Formula>().expect("valid"), t);
}

#[test]
fn numbered_variables_keep_their_numbers() {
    let f: Formula = "(x8 | x2) & (x3)".parse().expect("valid");
    assert_eq!(f.names().len(), 8);
    assert_eq!(f.index_of("x8"), Some(7));
    assert_eq!(f.index_of("x5"), Some(4));
    assert!(f.is_numbered());
    assert_eq!(f.clauses(), [set(&[1, 7]), set(&[2])]);
    // Anything else is numbered by first appearance.
    let g: Formula = "(b | x2) & (a | b)".parse().expect("valid");
    assert_eq!(g.names(), ["b", "x2", "a"]);
    assert!(!g.is_numbered());
    assert_eq!(g.to_string(), "(b | x2) & (b | a)");
    // Leading zeros and x0 are plain names.
    let h: Formula = "(x0 | x01)".parse().expect("valid");
    assert_eq!(h.names(), ["x0", "x01"]);
    // Extra variables.
    let f = f.with_variables(["x10", "x3"]).expect("valid");
    assert_eq!(f.names().len(), 10);
    let g = g.with_variables(["z", "a"]).expect("valid");
    assert_eq!(g.names(), ["b", "x2", "a", "z"]);
    assert!(matches!(g.clone().with_variables(["no way"]), Err(FormulaError::InvalidName { .. })));
    assert!(matches!(g.with_variables(["false"]), Err(FormulaError::InvalidName { .. })));
    assert!(matches!(
        "(x99999999999999999999999)".parse::<Formula>(),
        Err(FormulaError::NumberTooLarge { offset: 1, .. })
    ));
    assert_eq!(
        Formula::new(["a", "b"], vec![set(&[0, 2])]),
        Err(FormulaError::Position(PositionError::ClauseVariableOutOfRange {
            clause: 1,
            variable: 3,
            variables: 2
        }))
    );
    assert!(matches!(Formula::new(["a", "a"], vec![]), Err(FormulaError::InvalidName { .. })));
}

#[test]
fn parse_errors_say_where() {
    let err = |s: &str| s.parse::<Formula>().unwrap_err();
    assert_eq!(err(""), FormulaError::Empty);
    assert_eq!(err("  "), FormulaError::Empty);
    assert_eq!(err("(x1) & ()"), FormulaError::EmptyClause { clause: 2, offset: 7 });
    assert_eq!(
        err("(x1) & ()").to_string(),
        "clause 2 at byte offset 7 is empty; write 'false' for an always-false clause"
    );
    assert_eq!(err("(x1 | x2"), FormulaError::Unclosed { offset: 0 });
    assert_eq!(err("(x1) & (x2"), FormulaError::Unclosed { offset: 7 });
    assert_eq!(err("(x1))"), FormulaError::Unopened { offset: 4 });
    assert_eq!(err(")"), FormulaError::Unopened { offset: 0 });
    assert_eq!(err("(x1 # x2)"), FormulaError::BadCharacter { found: '#', offset: 4 });
    assert_eq!(
        err("∧ (x1 ∨ x2)"),
        FormulaError::UnexpectedToken {
            found: "&".into(),
            offset: 0,
            expected: "a clause: '(', a variable or 'false'",
        }
    );
    assert_eq!(err("(x1 ∨ €)"), FormulaError::BadCharacter { found: '€', offset: 8 });
    assert!(matches!(err("x1 | x2"), FormulaError::UnexpectedToken { offset: 3, .. }));
    assert!(matches!(err("(x1 & x2)"), FormulaError::UnexpectedToken { offset: 4, .. }));
    assert!(matches!(err("((x1))"), FormulaError::UnexpectedToken { offset: 1, .. }));
    assert!(matches!(err("(x1) &"), FormulaError::UnexpectedToken { offset: 6, .. }));
    assert!(matches!(err("true & x1"), FormulaError::UnexpectedToken { offset: 5, .. }));
    assert!(matches!(err("(true | x1)"), FormulaError::UnexpectedToken { offset: 1, .. }));
    let f: Formula = "(x1 | x2)".parse().expect("valid");
    assert_eq!(f.position(&["x3"]), Err(FormulaError::UnknownVariable { name: "x3".into() }));
    assert_eq!(f.position(&["x3"]).unwrap_err().to_string(), "unknown variable 'x3'");
}

#[test]
fn position_text_forms() {
    let p: AvoidTruePosition = "(x1 | x2) & (x2 | x5 | x8) ; true: x8".parse().expect("valid");
    assert_eq!(p.variables(), 8);
    assert_eq!(p.true_vars(), &set(&[7]));
    assert_eq!(p.to_string(), "(x1 | x2) & (x2 | x5 | x8) ; true: x8");
    let q: AvoidTruePosition = "(x1) ; variables: 4 ; true: x3, x4".parse().expect("valid");
    assert_eq!(q.to_string(), "(x1) ; variables: 4 ; true: x3 x4");
    let named: AvoidTruePosition = "(a | b) ; true: b".parse().expect("valid");
    assert_eq!(named.to_string(), "(x1 | x2) ; true: x2");
    assert!(matches!(
        "(x1) ; colour: red".parse::<AvoidTruePosition>(),
        Err(FormulaError::BadSection { offset: 7, .. })
    ));
    assert!(matches!(
        "(x1 | x3) ; variables: 2".parse::<AvoidTruePosition>(),
        Err(FormulaError::BadVariableCount { requested: 2, .. })
    ));
    assert!(matches!(
        "(a) ; variables: 2".parse::<AvoidTruePosition>(),
        Err(FormulaError::BadVariableCount { .. })
    ));
    assert!(matches!(
        "(x1) ; true: x2".parse::<AvoidTruePosition>(),
        Err(FormulaError::UnknownVariable { .. })
    ));
    let empty = AvoidTruePosition::new(0, vec![], VarSet::new()).expect("valid");
    assert_eq!(empty.to_string(), "true");
    assert_eq!("true".parse::<AvoidTruePosition>().expect("valid"), empty);
}

#[test]
fn varset_operations() {
    let a = set(&[1, 5, 70]);
    let b = set(&[5, 6]);
    assert_eq!(a.union(&b), set(&[1, 5, 6, 70]));
    assert_eq!(a.intersection(&b), set(&[5]));
    assert_eq!(a.difference(&b), set(&[1, 70]));
    assert_eq!(b.difference(&a), set(&[6]));
    assert!(set(&[5]).is_subset(&a) && !b.is_subset(&a) && !a.is_subset(&b));
    assert!(set(&[2, 3]).is_disjoint(&a) && !a.is_disjoint(&b));
    assert_eq!(a.last(), Some(70));
    assert_eq!(VarSet::new().last(), None);
    assert_eq!(VarSet::range(0..65).len(), 65);
    assert_eq!(VarSet::range(0..65).last(), Some(64));
    let mut c = a.clone();
    assert!(c.remove(70));
    assert!(!c.remove(70));
    assert_eq!(c, set(&[1, 5]));
    assert_eq!(c.intersection(&set(&[1, 200])), set(&[1]));
    assert_eq!(format!("{c:?}"), "{1, 5}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn moves_match_the_definition(p in positions(8, 5)) {
        prop_assert_eq!(AvoidTrue.move_list(&p), PlainAvoidTrue.move_list(&p));
        for x in 0..p.variables() + 2 {
            prop_assert_eq!(AvoidTrue.is_legal(&p, &x), PlainAvoidTrue.move_list(&p).contains(&x));
        }
    }

    #[test]
    fn solver_matches_naive(p in positions(7, 5)) {
        let v = naive::value(&PlainAvoidTrue, &p);
        prop_assert_eq!(Solver::new(&AvoidTrue).value(&p).unwrap(), v);
        prop_assert_eq!(Solver::new(&AvoidTrue).outcome(&p).unwrap(), naive::outcome(&PlainAvoidTrue, &p));
        prop_assert_eq!(
            Solver::new(&AvoidTrue).misere_outcome(&p).unwrap(),
            naive::misere_outcome(&PlainAvoidTrue, &p)
        );
        let mut winning = Solver::new(&AvoidTrue).winning_moves(&p).unwrap();
        winning.sort_unstable();
        prop_assert_eq!(winning, naive::winning_moves(&PlainAvoidTrue, &p));
    }

    #[test]
    fn shortcuts_are_sound(p in positions(7, 5)) {
        let v = naive::value(&PlainAvoidTrue, &p);
        if let Some(known) = AvoidTrue.known_value(&p) {
            prop_assert_eq!(known, v);
        }
        let c = AvoidTrue.canonical(&p);
        prop_assert_eq!(naive::value(&PlainAvoidTrue, &c), v);
        prop_assert_eq!(naive::misere_outcome(&PlainAvoidTrue, &c), naive::misere_outcome(&PlainAvoidTrue, &p));
        prop_assert_eq!(AvoidTrue.canonical(&c), c);
        let mut parts = Vec::new();
        AvoidTrue.components(&p, &mut parts);
        let sum = parts.iter().fold(Nimber::ZERO, |acc, part| acc + naive::value(&PlainAvoidTrue, part));
        prop_assert_eq!(sum, v);
        if parts.is_empty() {
            prop_assert!(PlainAvoidTrue.is_terminal(&p));
        }
    }

    #[test]
    fn position_text_round_trips(p in positions(12, 5)) {
        prop_assert_eq!(p.to_string().parse::<AvoidTruePosition>().unwrap(), p.clone());
        let f = Formula::of_position(&p);
        let again: Formula = f.to_string().parse().unwrap();
        prop_assert_eq!(again.clauses(), f.clauses());
    }

    #[test]
    fn formula_text_round_trips_with_any_names(
        clauses in prop::collection::vec(prop::collection::vec(0usize..5, 1..4), 1..5),
    ) {
        let names = ["a", "b_1", "x3", "Zed", "q9"];
        let text = clauses
            .iter()
            .map(|c| format!("({})", c.iter().map(|&v| names[v]).collect::<Vec<_>>().join(" | ")))
            .collect::<Vec<_>>()
            .join(" & ");
        let f: Formula = text.parse().unwrap();
        let again: Formula = f.to_string().parse().unwrap();
        prop_assert_eq!(&again, &f);
        for (clause, parsed) in clauses.iter().zip(f.clauses()) {
            let names_in: std::collections::BTreeSet<&str> = clause.iter().map(|&v| names[v]).collect();
            let parsed_names: std::collections::BTreeSet<&str> =
                parsed.iter().map(|i| f.names()[i].as_str()).collect();
            prop_assert_eq!(names_in, parsed_names);
        }
    }
}

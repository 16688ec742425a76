//! Demi-quantum games against the plain definition and the paper's examples.

use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_nim::{BoolHeaps, BooleanNim, Heaps, Nim, NimMove};
use grundy_quantum::{
    DemiQuantum, DemiQuantumBooleanNim, DemiQuantumNim, ParseMatrixError, Superposition,
};
use proptest::prelude::*;

/// A subtraction game on one heap: take 1, 3 or 4 tokens.
#[derive(Clone, Copy, Debug, Default)]
struct Subtraction;

impl Ruleset for Subtraction {
    type Position = u8;
    type Move = u8;

    fn moves(&self, heap: &u8, moves: &mut Vec<u8>) {
        moves.extend([1, 3, 4].into_iter().filter(|take| take <= heap));
    }

    fn play(&self, heap: &u8, take: &u8) -> u8 {
        heap - take
    }
}

fn heaps(rows: &[&[u32]]) -> Superposition<Heaps> {
    Superposition::from_realizations(rows.iter().map(|r| Heaps::new(r.iter().copied())))
}

#[test]
fn the_papers_move_on_equation_5() {
    let game = DemiQuantumNim::default();
    let p = heaps(&[
        &[5, 3, 0, 4, 2, 2],
        &[1, 3, 3, 2, 1, 0],
        &[0, 0, 4, 6, 5, 7],
        &[4, 2, 5, 0, 1, 2],
    ]);
    let parsed: Superposition<Heaps> =
        "5 3 0 4 2 2 / 1 3 3 2 1 0 / 0 0 4 6 5 7 / 4 2 5 0 1 2".parse().expect("valid");
    assert_eq!(parsed, p);
    // (0, 0, 0, 0, -2, 0): take 2 from heap 5 (index 4).
    let mv = NimMove::new(4, 2u32);
    assert!(game.is_legal(&p, &mv));
    let next = game.play(&p, &mv);
    assert_eq!(
        next,
        Superposition::new(vec![
            Some(Heaps::new([5u32, 3, 0, 4, 0, 2])),
            None,
            Some(Heaps::new([0u32, 0, 4, 6, 3, 7])),
            None,
        ])
    );
    assert_eq!(next.to_string(), "5 3 0 4 0 2 / x / 0 0 4 6 3 7 / x");
    // Realizations 2 and 4 collapsed; the survivors keep their slots.
    assert_eq!(next.live().map(|(slot, _)| slot + 1).collect::<Vec<_>>(), [1, 3]);
}

#[test]
fn moves_are_listed_once_in_order_of_first_appearance() {
    let game = DemiQuantumBooleanNim;
    let p: Superposition<BoolHeaps> = "0110 / x / 1100 / 0011".parse().expect("valid");
    assert_eq!(game.move_list(&p), [1, 2, 0, 3]);
    let nim = DemiQuantumNim::default();
    let q = heaps(&[&[0, 1], &[2, 1]]);
    assert_eq!(
        nim.move_list(&q),
        [NimMove::new(1, 1u32), NimMove::new(0, 1u32), NimMove::new(0, 2u32)]
    );
    // Taking 2 from heap 1 collapses the first realization; taking 1 from heap 2 none.
    assert_eq!(nim.play(&q, &NimMove::new(0, 2u32)).to_string(), "x / 0 1");
    assert_eq!(nim.play(&q, &NimMove::new(1, 1u32)).to_string(), "0 0 / 2 0");
    assert!(!nim.is_legal(&q, &NimMove::new(0, 3u32)));
}

#[test]
fn a_realization_without_moves_behaves_like_a_collapsed_one() {
    let game = DemiQuantumNim::default();
    let dead: Superposition<Heaps> = "0 0 / 1 2".parse().expect("valid");
    let collapsed: Superposition<Heaps> = "x / 1 2".parse().expect("valid");
    assert_eq!(game.move_list(&dead), game.move_list(&collapsed));
    for mv in game.move_list(&dead) {
        assert_eq!(game.play(&dead, &mv), game.play(&collapsed, &mv));
    }
    assert_eq!(naive::value(&game, &dead), naive::value(&Nim, &Heaps::new([1u32, 2])));
    assert!(game.is_terminal(&"0 0 / x".parse().expect("valid")));
    assert!(game.is_terminal(&Superposition::default()));
}

#[test]
fn canonical_form_drops_collapsed_dead_and_repeated_realizations() {
    let game = DemiQuantum::new(BooleanNim);
    let a: Superposition<BoolHeaps> = "110 / x / 000 / 011 / 110".parse().expect("valid");
    let b: Superposition<BoolHeaps> = "011 / 110".parse().expect("valid");
    assert_eq!(game.canonical(&a), game.canonical(&b));
    assert_eq!(game.canonical(&a).live_count(), 2);
    // A single realization left: the inner game, in its own canonical form.
    let c: Superposition<BoolHeaps> = "101 / x / 101".parse().expect("valid");
    assert_eq!(game.canonical(&c).to_string(), "11");
    assert_eq!(game.known_value(&c), Some(Nimber::ZERO));
    assert_eq!(game.known_value(&"x / 000".parse().expect("valid")), Some(Nimber::ZERO));
    assert_eq!(game.known_value(&b), None);

    // The Boolean wrapper also drops dominated rows and empty columns, and renames columns.
    let game = DemiQuantumBooleanNim;
    let d: Superposition<BoolHeaps> = "11010 / 01000 / x / 00011 / 00010".parse().expect("valid");
    // Rows 11010 and 00011 are left; column 3 is empty, column 4 has two pebbles and goes last.
    assert_eq!(game.canonical(&d).to_string(), "1101 / 0011");
    let e: Superposition<BoolHeaps> = "00000 / 00011 / x / 11010".parse().expect("valid");
    assert_eq!(game.canonical(&e), game.canonical(&d));
    assert_eq!(game.known_value(&"1100 / 0011".parse().expect("valid")), None);
    assert_eq!(game.known_value(&"1110 / 0110 / 1010".parse().expect("valid")), Some(Nimber::ONE));
    // Idle columns (a pebble in every undominated row) split off as one row.
    let mut parts = Vec::new();
    game.components(&"1101 / 0111 / 0101".parse().expect("valid"), &mut parts);
    assert_eq!(
        parts,
        [
            "1000 / 0010".parse::<Superposition<BoolHeaps>>().expect("valid"),
            "11".parse().expect("valid")
        ]
    );
}

#[test]
fn parse_errors_name_row_and_column() {
    type Dq = Superposition<Heaps>;
    type Db = Superposition<BoolHeaps>;
    assert_eq!("".parse::<Dq>(), Err(ParseMatrixError::Empty));
    assert_eq!(" \n ".parse::<Db>(), Err(ParseMatrixError::Empty));
    assert_eq!("1 2 / / 3 4".parse::<Dq>(), Err(ParseMatrixError::EmptyRow { row: 2 }));
    let err = "1 2 / 3 y".parse::<Dq>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 2, column 2: invalid heap 'y': expected a non-negative integer"
    );
    assert!(matches!(
        "1 -2".parse::<Dq>(),
        Err(ParseMatrixError::BadNumber { row: 1, column: 2, .. })
    ));
    assert!(matches!(
        "1 +2".parse::<Dq>(),
        Err(ParseMatrixError::BadNumber { row: 1, column: 2, .. })
    ));
    assert_eq!(
        "1 2 / x / 3 4 5".parse::<Dq>(),
        Err(ParseMatrixError::Ragged { row: 3, column: 3, found: 3, first: 1, expected: 2 })
    );
    assert_eq!(
        "x / 101 / 10".parse::<Db>(),
        Err(ParseMatrixError::Ragged { row: 3, column: 3, found: 2, first: 2, expected: 3 })
    );
    let err = "101 / 1021".parse::<Db>().unwrap_err();
    assert_eq!(err, ParseMatrixError::BadBit { row: 2, column: 3, found: '2' });
    assert_eq!(err.to_string(), "row 2, column 3: invalid entry '2': expected 0 or 1");
    // Whitespace inside Boolean rows, line breaks between rows, a trailing newline.
    let p: Db = "1 0 1\n0 1 1\n".parse().expect("valid");
    assert_eq!(p.to_string(), "101 / 011");
    // Huge heaps are exact.
    let big: Dq = "340282366920938463463374607431768211457 0".parse().expect("valid");
    assert_eq!(big.to_string(), "340282366920938463463374607431768211457 0");
}

fn nim_superposition() -> impl Strategy<Value = Superposition<Heaps>> {
    (1usize..=3).prop_flat_map(|n| {
        prop::collection::vec(
            prop::option::weighted(0.8, prop::collection::vec(0u32..=3, n).prop_map(Heaps::new)),
            1..=4,
        )
        .prop_map(Superposition::new)
    })
}

fn boolean_superposition(
    max_rows: usize,
    max_columns: usize,
) -> impl Strategy<Value = Superposition<BoolHeaps>> {
    (1..=max_columns).prop_flat_map(move |n| {
        prop::collection::vec(
            prop::option::weighted(
                0.85,
                prop::collection::vec(any::<bool>(), n).prop_map(BoolHeaps::from_bits),
            ),
            1..=max_rows,
        )
        .prop_map(Superposition::new)
    })
}

fn subtraction_superposition() -> impl Strategy<Value = Superposition<u8>> {
    prop::collection::vec(prop::option::weighted(0.85, 0u8..=12), 1..=4)
        .prop_map(Superposition::new)
}

/// The solver (canonical forms, known values, table) against the naive search, for the value,
/// the outcome, the winning moves and the misère outcome.
fn check_solver<R: Ruleset>(game: &R, p: &R::Position) -> Result<(), TestCaseError> {
    let v = naive::value(game, p);
    let mut solver = Solver::new(game);
    prop_assert_eq!(solver.value(p).unwrap(), v);
    prop_assert_eq!(Solver::new(game).outcome(p).unwrap(), naive::outcome(game, p));
    let mut winning = Solver::new(game).winning_moves(p).unwrap();
    let mut expected = naive::winning_moves(game, p);
    let key = |m: &R::Move| format!("{m:?}");
    winning.sort_by_key(key);
    expected.sort_by_key(key);
    prop_assert_eq!(winning, expected);
    prop_assert_eq!(Solver::new(game).misere_outcome(p).unwrap(), naive::misere_outcome(game, p));
    if let Some(known) = game.known_value(p) {
        prop_assert_eq!(known, v);
    }
    Ok(())
}

/// The canonical form has the same value and misère outcome as the position (by the naive
/// search, which never uses canonical forms).
fn check_canonical<R: Ruleset>(game: &R, p: &R::Position) -> Result<(), TestCaseError> {
    let c = game.canonical(p);
    prop_assert_eq!(naive::value(game, &c), naive::value(game, p));
    prop_assert_eq!(naive::misere_outcome(game, &c), naive::misere_outcome(game, p));
    prop_assert_eq!(game.canonical(&c), c.clone(), "canonical form not idempotent");
    Ok(())
}

/// The components' values nim-sum to the position's value (by the naive search).
fn check_components<R: Ruleset>(game: &R, p: &R::Position) -> Result<(), TestCaseError> {
    let mut parts = Vec::new();
    game.components(p, &mut parts);
    let sum = parts.iter().fold(Nimber::ZERO, |acc, part| acc + naive::value(game, part));
    prop_assert_eq!(sum, naive::value(game, p));
    if parts.is_empty() {
        prop_assert!(game.is_terminal(p));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn one_realization_is_the_inner_game(
        nim in prop::collection::vec(0u32..=3, 0..=3).prop_map(Heaps::new),
        boolean in prop::collection::vec(any::<bool>(), 0..=7).prop_map(BoolHeaps::from_bits),
        heap in 0u8..=20,
    ) {
        let v = naive::value(&DemiQuantum::new(Nim), &Superposition::from_realizations([nim.clone()]));
        prop_assert_eq!(v, naive::value(&Nim, &nim));
        let v = naive::value(&DemiQuantum::new(BooleanNim), &Superposition::from_realizations([boolean.clone()]));
        prop_assert_eq!(v, naive::value(&BooleanNim, &boolean));
        let v = naive::value(&DemiQuantum::new(Subtraction), &Superposition::from_realizations([heap]));
        prop_assert_eq!(v, naive::value(&Subtraction, &heap));
        // With collapsed slots and copies of the realization around it, still the inner game.
        let padded = Superposition::new(vec![None, Some(heap), None, Some(heap)]);
        prop_assert_eq!(naive::value(&DemiQuantum::new(Subtraction), &padded), naive::value(&Subtraction, &heap));
    }

    #[test]
    fn demi_quantum_nim_solver_matches_naive(p in nim_superposition()) {
        check_solver(&DemiQuantumNim::default(), &p)?;
        check_canonical(&DemiQuantumNim::default(), &p)?;
    }

    #[test]
    fn demi_quantum_boolean_nim_solver_matches_naive(p in boolean_superposition(5, 7)) {
        check_solver(&DemiQuantumBooleanNim, &p)?;
        check_canonical(&DemiQuantumBooleanNim, &p)?;
        check_components(&DemiQuantumBooleanNim, &p)?;
        check_solver(&DemiQuantum::new(BooleanNim), &p)?;
        check_canonical(&DemiQuantum::new(BooleanNim), &p)?;
    }

    /// The Boolean wrapper plays exactly the generic game.
    #[test]
    fn boolean_wrapper_is_the_generic_game(p in boolean_superposition(5, 9)) {
        let generic = DemiQuantum::new(BooleanNim);
        let moves = DemiQuantumBooleanNim.move_list(&p);
        prop_assert_eq!(&moves, &generic.move_list(&p));
        prop_assert_eq!(DemiQuantumBooleanNim.is_terminal(&p), generic.is_terminal(&p));
        for column in 0..10 {
            prop_assert_eq!(DemiQuantumBooleanNim.is_legal(&p, &column), generic.is_legal(&p, &column));
        }
        for mv in &moves {
            prop_assert_eq!(DemiQuantumBooleanNim.play(&p, mv), generic.play(&p, mv));
        }
    }

    #[test]
    fn demi_quantum_subtraction_solver_matches_naive(p in subtraction_superposition()) {
        check_solver(&DemiQuantum::new(Subtraction), &p)?;
        check_canonical(&DemiQuantum::new(Subtraction), &p)?;
    }

    #[test]
    fn play_follows_the_definition(p in boolean_superposition(5, 8), column in 0usize..8) {
        let game = DemiQuantumBooleanNim;
        let legal = p.live().any(|(_, r)| r.get(column));
        prop_assert_eq!(game.is_legal(&p, &column), legal);
        prop_assert_eq!(game.move_list(&p).contains(&column), legal);
        if legal {
            let next = game.play(&p, &column);
            prop_assert_eq!(next.len(), p.len());
            for (slot, before) in p.slots().iter().enumerate() {
                let expected = before.as_ref().filter(|r| r.get(column)).map(|r| {
                    let mut r = r.clone();
                    r.set(column, false);
                    r
                });
                prop_assert_eq!(next.slots()[slot].clone(), expected);
            }
        }
    }

    #[test]
    fn nim_matrix_text_round_trips(p in nim_superposition()) {
        prop_assert_eq!(p.to_string().parse::<Superposition<Heaps>>().unwrap(), p);
    }

    #[test]
    fn boolean_matrix_text_round_trips(p in boolean_superposition(6, 70)) {
        prop_assert_eq!(p.to_string().parse::<Superposition<BoolHeaps>>().unwrap(), p);
    }
}

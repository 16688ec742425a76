//! The searching solver against the naive reference, on random games and on games with known
//! values; budgets, cancellation and deep games.

mod common;
use common::Kayles;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use grundy_core::{
    Budget, Config, CrossSum, Method, Nimber, NimberSet, Outcome, Ruleset, SolveError, Solver, Sum,
    naive,
};
use proptest::prelude::*;

/// A game on a directed acyclic graph: the position is a vertex, a move follows an edge to a
/// vertex with a smaller index. Every finite impartial game is one of these.
#[derive(Clone, Debug)]
struct Dag {
    edges: Vec<Vec<usize>>,
}

impl Ruleset for Dag {
    type Position = usize;
    type Move = usize;

    fn moves(&self, v: &usize, moves: &mut Vec<usize>) {
        moves.extend(self.edges[*v].iter().copied());
    }

    fn play(&self, _v: &usize, to: &usize) -> usize {
        *to
    }

    /// Vertices are words: the solver's compact and shared tables apply.
    fn word_key(&self, v: &usize) -> Option<u64> {
        u64::try_from(*v).ok()
    }
}

impl Dag {
    /// The moves of tokens on the DAG (a move takes token `i` along an edge to `to`): `(i, to)`.
    fn token_moves(&self, tokens: &[usize], moves: &mut Vec<(usize, usize)>) {
        for (i, &v) in tokens.iter().enumerate() {
            moves.extend(self.edges[v].iter().map(|&to| (i, to)));
        }
    }

    /// Tokens after moving token `i` to `to`.
    fn play_token(tokens: &[usize], (i, to): (usize, usize)) -> Vec<usize> {
        let mut next = tokens.to_vec();
        next[i] = to;
        next
    }
}

fn dag(max_vertices: usize) -> impl Strategy<Value = Dag> {
    (1..=max_vertices)
        .prop_flat_map(|n| {
            (0..n)
                .map(|v| prop::collection::btree_set(0..v.max(1), 0..=v.min(6)))
                .collect::<Vec<_>>()
        })
        .prop_map(|sets| Dag {
            edges: sets
                .into_iter()
                .enumerate()
                .map(|(v, s)| s.into_iter().filter(|&t| t < v).collect())
                .collect(),
        })
}

/// A subtraction game: take one of the amounts in the set.
struct Subtraction(Vec<u32>);

impl Ruleset for Subtraction {
    type Position = u32;
    type Move = u32;

    fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
        moves.extend(self.0.iter().copied().filter(|&t| t <= *heap));
    }

    fn play(&self, heap: &u32, take: &u32) -> u32 {
        heap - take
    }
}

/// Several tokens on a [`Dag`], each moved on its own: a sum whose [`Ruleset::split`] settles
/// the tokens on vertices of a known value (`settled[v]`, from the naive solver) and lists the
/// others together as one part, as a ruleset with closed forms found while splitting does (so
/// a part's child is often a settled token plus a part).
struct Settled<'a> {
    dag: &'a Dag,
    settled: Vec<Option<Nimber>>,
}

impl Ruleset for Settled<'_> {
    type Position = Vec<usize>;
    type Move = (usize, usize);

    fn moves(&self, tokens: &Vec<usize>, moves: &mut Vec<(usize, usize)>) {
        self.dag.token_moves(tokens, moves);
    }

    fn play(&self, tokens: &Vec<usize>, mv: &(usize, usize)) -> Vec<usize> {
        Dag::play_token(tokens, *mv)
    }

    fn split(&self, tokens: &Vec<usize>, parts: &mut Vec<Vec<usize>>) -> Nimber {
        let mut total = Nimber::ZERO;
        let mut open = Vec::new();
        for &v in tokens {
            match self.settled[v] {
                Some(value) => total += value,
                None => open.push(v),
            }
        }
        if !open.is_empty() {
            parts.push(open);
        }
        total
    }
}

/// Tokens on a [`Dag`], each token a component, with a reduction of some single tokens: to
/// a settled value, or to other tokens (of the same nim-sum).
struct Reducing<'a> {
    dag: &'a Dag,
    reduction: Vec<Option<(Nimber, Vec<usize>)>>,
}

impl Ruleset for Reducing<'_> {
    type Position = Vec<usize>;
    type Move = (usize, usize);

    fn moves(&self, tokens: &Vec<usize>, moves: &mut Vec<(usize, usize)>) {
        self.dag.token_moves(tokens, moves);
    }

    fn play(&self, tokens: &Vec<usize>, mv: &(usize, usize)) -> Vec<usize> {
        Dag::play_token(tokens, *mv)
    }

    fn components(&self, tokens: &Vec<usize>, parts: &mut Vec<Vec<usize>>) {
        parts.extend(tokens.iter().map(|&v| vec![v]));
    }

    fn reduce(&self, component: &Vec<usize>, parts: &mut Vec<Vec<usize>>) -> Option<Nimber> {
        let [v] = component.as_slice() else { return None };
        let (settled, tokens) = self.reduction[*v].as_ref()?;
        parts.extend(tokens.iter().map(|&t| vec![t]));
        Some(*settled)
    }

    /// Checks what the solver promises of the parent and the component, then reduces as
    /// `reduce` does.
    fn reduce_child(
        &self,
        parent: &Vec<usize>,
        mv: &(usize, usize),
        component: &Vec<usize>,
        parts: &mut Vec<Vec<usize>>,
    ) -> Option<Nimber> {
        assert!(self.reduce(parent, &mut Vec::new()).is_none(), "{parent:?} reduces");
        let child = self.play(parent, mv);
        let mut components = Vec::new();
        self.components(&child, &mut components);
        assert!(components.contains(component), "{component:?} of {child:?}");
        self.reduce(component, parts)
    }
}

/// The Kayles sequence for rows of 0..=35 pins (Guy and Smith; period 12 from 71 on).
const KAYLES: [u64; 36] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7,
];

/// Both search methods.
fn method() -> impl Strategy<Value = Method> {
    prop_oneof![Just(Method::Mex), Just(Method::Pruned)]
}

/// A solver of `game` searching by `method`.
fn solver_by<R: grundy_core::Ruleset>(game: R, method: Method) -> Solver<R> {
    Solver::with_config(game, Config::default().with_method(method))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The pruned search storing exact values only (Beling and Rogalski's table) gives the
    /// values and outcomes of plain recursion too.
    #[test]
    fn pruned_search_with_exact_values_only_agrees_with_naive(game in dag(14)) {
        let config = Config::default().with_method(Method::Pruned).with_exclusions(false);
        prop_assert!(!config.exclusions());
        let mut solver = Solver::with_config(&game, config.clone());
        let mut fresh = Solver::with_config(&game, config);
        for v in 0..game.edges.len() {
            prop_assert_eq!(solver.value(&v).unwrap(), naive::value(&game, &v), "vertex {}", v);
            prop_assert_eq!(fresh.outcome(&v).unwrap(), naive::outcome(&game, &v));
        }
        for v in 0..game.edges.len() {
            let fact = fresh.known(&v);
            prop_assert!(!matches!(fact, Some(grundy_core::Known::Excludes(_))), "vertex {}: {:?}", v, fact);
        }
    }

    #[test]
    fn solver_agrees_with_naive_on_random_dags(game in dag(14), method in method()) {
        let mut solver = solver_by(&game, method);
        for v in 0..game.edges.len() {
            prop_assert_eq!(solver.value(&v).unwrap(), naive::value(&game, &v), "vertex {}", v);
        }
        // A fresh solver for outcomes, so they are not answered from stored values.
        let mut fresh = solver_by(&game, method);
        for v in (0..game.edges.len()).rev() {
            prop_assert_eq!(fresh.outcome(&v).unwrap(), naive::outcome(&game, &v));
            prop_assert_eq!(fresh.winning_moves(&v).unwrap(), naive::winning_moves(&game, &v));
            prop_assert_eq!(fresh.misere_outcome(&v).unwrap(), naive::misere_outcome(&game, &v));
        }
        // Misère values, from a solver that already knows some misère outcomes.
        for v in 0..game.edges.len() {
            let m = fresh.misere_value(&v).unwrap();
            prop_assert_eq!(m, naive::misere_value(&game, &v));
            prop_assert_eq!(Outcome::from_value(m), naive::misere_outcome(&game, &v));
        }
    }

    #[test]
    fn value_of_a_sum_is_the_nim_sum_of_its_parts(
        game in dag(8),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        method in method(),
    ) {
        let parts: Vec<usize> = picks.iter().map(|i| i.index(game.edges.len())).collect();
        let expected: Nimber = parts.iter().map(|p| naive::value(&game, p)).sum();
        let sum = Sum::new(&game);
        let mut solver = solver_by(&sum, method);
        prop_assert_eq!(solver.value(&parts).unwrap(), expected);
        // The naive solver does not decompose: it checks the Sprague-Grundy theorem itself.
        prop_assert_eq!(naive::value(&sum, &parts), expected);
        prop_assert_eq!(solver.outcome(&parts).unwrap(), Outcome::from_value(expected));
        prop_assert_eq!(solver.misere_outcome(&parts).unwrap(), naive::misere_outcome(&sum, &parts));
        let mut fresh = solver_by(&sum, method);
        prop_assert_eq!(fresh.winning_moves(&parts).unwrap(), naive::winning_moves(&sum, &parts));
    }

    /// A ruleset whose `split` settles parts in closed form gets the values, outcomes and
    /// winning moves of plain recursion (which never splits) from both methods.
    #[test]
    fn settled_parts_of_split_count_in_every_answer(
        game in dag(8),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        known in prop::collection::vec(any::<bool>(), 8),
        method in method(),
    ) {
        let n = game.edges.len();
        let settled = (0..n).map(|v| known[v].then(|| naive::value(&game, &v))).collect();
        let ruleset = Settled { dag: &game, settled };
        let tokens: Vec<usize> = picks.iter().map(|i| i.index(n)).collect();
        let expected = naive::value(&ruleset, &tokens);
        let mut solver = solver_by(&ruleset, method);
        prop_assert_eq!(solver.value(&tokens).unwrap(), expected);
        let mut fresh = solver_by(&ruleset, method);
        prop_assert_eq!(fresh.outcome(&tokens).unwrap(), Outcome::from_value(expected));
        prop_assert_eq!(fresh.winning_moves(&tokens).unwrap(), naive::winning_moves(&ruleset, &tokens));
        let values: Vec<Nimber> = fresh.move_values(&tokens).unwrap().into_iter().map(|(_, v)| v).collect();
        let naive_values: Vec<Nimber> = ruleset.move_list(&tokens).iter()
            .map(|mv| naive::value(&ruleset, &ruleset.play(&tokens, mv))).collect();
        prop_assert_eq!(values, naive_values);
    }

    /// A bound on the value, tight or not, changes no answer of either method (the pruned
    /// search uses it), nor does it in a sum, whose bound adds the parts' bounds; nor does
    /// valuing the components of few moves exactly ([`Ruleset::value_exactly`]).
    #[test]
    fn value_bounds_and_exact_valuing_change_no_answer(
        game in dag(12),
        slack in prop::collection::vec(0u64..3, 12),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        method in method(),
        exact_moves in 0usize..5,
        exact_moves_again in 0usize..7,
    ) {
        let n = game.edges.len();
        let bound = (0..n).map(|v| naive::value(&game, &v).value() + slack[v]).collect();
        let ruleset = Hinted { dag: &game, bound, exact_moves, exact_moves_again };
        let mut solver = solver_by(&ruleset, method);
        let mut fresh = solver_by(&ruleset, method);
        for v in 0..n {
            prop_assert_eq!(solver.value(&v).unwrap(), naive::value(&game, &v), "vertex {}", v);
            prop_assert_eq!(fresh.outcome(&v).unwrap(), naive::outcome(&game, &v));
            prop_assert_eq!(fresh.winning_moves(&v).unwrap(), naive::winning_moves(&game, &v));
        }
        let parts: Vec<usize> = picks.iter().map(|i| i.index(n)).collect();
        let sum = Sum::new(&ruleset);
        prop_assert_eq!(
            solver_by(&sum, method).value(&parts).unwrap(),
            parts.iter().map(|p| naive::value(&game, p)).sum::<Nimber>()
        );
    }

    /// A ruleset that asks to value every component exactly gets the mex search from
    /// [`Method::Pruned`]: the same values, found by expanding the same positions.
    #[test]
    fn valuing_every_component_exactly_is_the_mex_search(game in dag(12)) {
        let n = game.edges.len();
        let hinted = Hinted {
            dag: &game,
            bound: vec![u64::MAX; n],
            exact_moves: usize::MAX,
            exact_moves_again: 0,
        };
        let mut pruned = solver_by(&hinted, Method::Pruned);
        let mut mex = solver_by(&game, Method::Mex);
        for v in 0..n {
            prop_assert_eq!(pruned.value(&v).unwrap(), mex.value(&v).unwrap(), "vertex {}", v);
            prop_assert_eq!(pruned.stats().nodes, mex.stats().nodes, "vertex {}", v);
        }
    }

    /// Reductions ([`Ruleset::reduce`]: a token to a closed form, or to one or two smaller
    /// tokens of the same nim-sum) change no answer of either method, alone or in sums.
    #[test]
    fn reductions_change_no_answer(
        game in dag(12),
        choice in prop::collection::vec(0u8..3, 12),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        method in method(),
    ) {
        let n = game.edges.len();
        let values: Vec<Nimber> = (0..n).map(|v| naive::value(&game, &v)).collect();
        let reduction = (0..n)
            .map(|v| match choice[v] {
                0 => None,
                1 => Some((values[v], Vec::new())),
                _ => (0..v)
                    .flat_map(|a| (a..v).map(move |b| (a, b)))
                    .find(|&(a, b)| values[a] + values[b] == values[v])
                    .map(|(a, b)| (Nimber::ZERO, vec![a, b])),
            })
            .collect();
        let ruleset = Reducing { dag: &game, reduction };
        let tokens: Vec<usize> = picks.iter().map(|i| i.index(n)).collect();
        let expected: Nimber = tokens.iter().map(|&v| values[v]).sum();
        prop_assert_eq!(solver_by(&ruleset, method).value(&tokens).unwrap(), expected);
        let mut fresh = solver_by(&ruleset, method);
        prop_assert_eq!(fresh.outcome(&tokens).unwrap(), Outcome::from_value(expected));
        prop_assert_eq!(fresh.winning_moves(&tokens).unwrap(), naive::winning_moves(&ruleset, &tokens));
        let mut solver = solver_by(&ruleset, method);
        for (v, &value) in values.iter().enumerate() {
            prop_assert_eq!(solver.value(&vec![v]).unwrap(), value, "vertex {}", v);
        }
        // Through a sum and a cross sum, which hand their components' reductions on.
        let sum = Sum::new(&ruleset);
        prop_assert_eq!(solver_by(&sum, method).value(&vec![tokens.clone()]).unwrap(), expected);
        let heap = Subtraction(vec![1, 3, 4]);
        let cross = CrossSum::new(&ruleset, &heap);
        let position = CrossSum::<&Reducing<'_>, &Subtraction>::position(tokens.clone(), 8);
        // A heap of 8 in the subtraction game {1, 3, 4} is worth * (period 7: 0 1 0 1 2 3 2).
        prop_assert_eq!(solver_by(&cross, method).value(&position).unwrap(), expected + Nimber::ONE);
    }

    #[test]
    fn cross_sum_of_two_rulesets(game in dag(8), v in any::<prop::sample::Index>(), heap in 0u32..12) {
        let v = v.index(game.edges.len());
        let sub = Subtraction(vec![1, 3, 4]);
        let cross = CrossSum::new(&game, &sub);
        let position = CrossSum::<&Dag, &Subtraction>::position(v, heap);
        let expected = naive::value(&game, &v) + naive::value(&sub, &heap);
        prop_assert_eq!(Solver::new(&cross).value(&position).unwrap(), expected);
        prop_assert_eq!(naive::value(&cross, &position), expected);
        prop_assert_eq!(
            Solver::new(&cross).misere_outcome(&position).unwrap(),
            naive::misere_outcome(&cross, &position)
        );
    }

    #[test]
    fn value_in_matches_membership(
        game in dag(10),
        set in prop::collection::vec(0u64..6, 0..4),
        method in method(),
    ) {
        let set: NimberSet = set.into_iter().map(Nimber::new).collect();
        let mut solver = solver_by(&game, method);
        for v in 0..game.edges.len() {
            let inside = set.contains(naive::value(&game, &v));
            prop_assert_eq!(solver.value_in(&v, &set).unwrap(), inside);
        }
    }

    #[test]
    fn tiny_tables_still_give_exact_values(game in dag(14), entries in 0usize..400, method in method()) {
        let config = Config::default().with_table_bytes(entries).with_method(method);
        let mut solver = Solver::with_config(&game, config);
        for v in 0..game.edges.len() {
            prop_assert_eq!(solver.value(&v).unwrap(), naive::value(&game, &v));
        }
    }
}

/// A [`Dag`] with a bound on the value of each vertex, whose vertices of at most
/// `exact_moves` moves are valued exactly (of at most `exact_moves_again` when asked again).
struct Hinted<'a> {
    dag: &'a Dag,
    bound: Vec<u64>,
    exact_moves: usize,
    exact_moves_again: usize,
}

impl Ruleset for Hinted<'_> {
    type Position = usize;
    type Move = usize;

    fn moves(&self, v: &usize, moves: &mut Vec<usize>) {
        self.dag.moves(v, moves);
    }

    fn play(&self, v: &usize, to: &usize) -> usize {
        self.dag.play(v, to)
    }

    fn value_bound(&self, v: &usize) -> Option<u64> {
        Some(self.bound[*v])
    }

    fn value_exactly(&self, _: &usize, moves: usize, again: bool) -> bool {
        moves <= self.exact_moves || (again && moves <= self.exact_moves_again)
    }
}

/// A heap of `n`; a move leaves any `m` with `2m <= n`. The value is the binary length of
/// `n`, and so is the longest play.
struct Halve {
    bounded: bool,
}

impl Ruleset for Halve {
    type Position = u64;
    type Move = u64;

    fn moves(&self, n: &u64, moves: &mut Vec<u64>) {
        if *n > 0 {
            moves.extend(0..=n / 2);
        }
    }

    fn play(&self, _n: &u64, m: &u64) -> u64 {
        *m
    }

    fn value_bound(&self, n: &u64) -> Option<u64> {
        self.bounded.then(|| u64::from(64 - n.leading_zeros()))
    }
}

/// A tight bound spares the pruned search the proof that no child has the value.
#[test]
fn a_tight_value_bound_saves_search() {
    for n in [0u64, 1, 2, 3, 100, 255, 300, 400] {
        let expected = Nimber::new(u64::from(64 - n.leading_zeros()));
        let solve = |bounded| {
            let config = Config::default().with_method(Method::Pruned);
            let mut solver = Solver::with_config(Halve { bounded }, config);
            assert_eq!(solver.value(&n).unwrap(), expected, "heap {n}");
            solver.stats()
        };
        let (with, without) = (solve(true), solve(false));
        if n >= 100 {
            assert!(
                with.nodes < without.nodes && with.table_lookups < without.table_lookups,
                "heap {n}: with the bound {with:?}, without {without:?}"
            );
        }
    }
}

#[test]
fn kayles_values_with_components_and_canonical_forms() {
    for method in [Method::Mex, Method::Pruned] {
        kayles_values_by(method);
    }
}

fn kayles_values_by(method: Method) {
    let mut solver = solver_by(&Kayles, method);
    for (n, &want) in KAYLES.iter().enumerate() {
        let row = vec![u8::try_from(n).unwrap()];
        assert_eq!(solver.value(&row).unwrap(), Nimber::new(want), "Kayles row of {n}");
    }
    for n in 0..=9u8 {
        assert_eq!(solver.value(&vec![n]).unwrap(), naive::value(&Kayles, &vec![n]));
    }
    assert_eq!(solver.value(&vec![4, 1]).unwrap(), Nimber::ZERO);
    assert!(solver.stats().table_hits > 0);
}

#[test]
fn subtraction_game_1_3_4_has_period_7() {
    let game = Subtraction(vec![1, 3, 4]);
    let period = [0, 1, 0, 1, 2, 3, 2];
    let mut solver = Solver::new(&game);
    for n in 0..200u32 {
        assert_eq!(solver.value(&n).unwrap(), Nimber::new(period[n as usize % 7]));
    }
}

/// Regression guard for igs's u8 nimbers: a position with 300 options has value 300.
#[test]
fn values_above_255_are_exact() {
    let nim_heap = Subtraction((1..=400).collect());
    let mut solver = Solver::new(&nim_heap);
    assert_eq!(solver.value(&300).unwrap(), Nimber::new(300));
    assert_eq!(solver.value(&400).unwrap(), Nimber::new(400));
}

/// A game 300 000 moves deep: the explicit stack must not overflow.
#[test]
fn deep_games_do_not_overflow_the_stack() {
    let game = Subtraction(vec![1, 2]);
    let mut solver = Solver::new(&game);
    assert_eq!(solver.value(&300_000).unwrap(), Nimber::ZERO);
    assert_eq!(solver.value(&300_001).unwrap(), Nimber::ONE);
    assert!(solver.stats().max_depth >= 300_000);
    let mut fresh = Solver::new(&game);
    assert_eq!(fresh.misere_outcome(&300_001).unwrap(), Outcome::P);
    // The pruned search recurses, then hands deep components to the stack search.
    let mut pruned = solver_by(&game, Method::Pruned);
    assert_eq!(pruned.value(&300_000).unwrap(), Nimber::ZERO);
    assert_eq!(pruned.outcome(&300_002).unwrap(), Outcome::N);
    assert!(pruned.stats().max_depth >= 300_000);
}

#[test]
fn node_budget_stops_the_search_and_keeps_what_was_proved() {
    let game = Subtraction(vec![1, 2, 5]);
    let budget = Budget::unlimited().with_max_nodes(600);
    let config = Config::default().with_budget(budget.clone()).with_method(Method::Mex);
    let mut solver = Solver::with_config(&game, config);
    // 2001 positions to prove, depth first: more than the budget allows in one call.
    assert_eq!(solver.value(&2000), Err(SolveError::NodeLimit { limit: 600 }));
    // The solver is still usable, and each call extends what the table has proved.
    for heap in [400, 1000, 1600, 2000] {
        assert_eq!(solver.value(&heap), Ok(naive_subtraction_value(&[1, 2, 5], heap)), "{heap}");
    }
    // The pruned search also keeps what it proved: calls that each fit the budget add up.
    let config = Config::default().with_budget(budget).with_method(Method::Pruned);
    let mut pruned = Solver::with_config(&game, config);
    assert_eq!(pruned.value(&2000), Err(SolveError::NodeLimit { limit: 600 }));
    for heap in (250..=2000).step_by(250) {
        assert_eq!(pruned.value(&heap), Ok(naive_subtraction_value(&[1, 2, 5], heap)), "{heap}");
    }
}

fn naive_subtraction_value(set: &[u32], n: u32) -> Nimber {
    let mut values = Vec::new();
    for h in 0..=n {
        values.push(grundy_core::mex(
            set.iter().filter(|&&t| t <= h).map(|&t| values[(h - t) as usize]),
        ));
    }
    values[n as usize]
}

#[test]
fn a_set_cancel_flag_stops_every_call() {
    let stop = Arc::new(AtomicBool::new(false));
    let game = Subtraction(vec![1, 2]);
    let budget = Budget::unlimited().with_cancel_flag(stop.clone());
    let mut solver = Solver::with_config(&game, Config::default().with_budget(budget));
    assert_eq!(solver.value(&10).unwrap(), Nimber::ONE);
    stop.store(true, Ordering::Relaxed);
    assert_eq!(solver.value(&1_000_000), Err(SolveError::Cancelled));
    assert_eq!(solver.outcome(&1_000_000), Err(SolveError::Cancelled));
    assert_eq!(solver.misere_outcome(&1_000_000), Err(SolveError::Cancelled));
}

#[test]
fn cancel_from_another_thread() {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        flag.store(true, Ordering::Relaxed);
    });
    // Kayles on one huge... set of rows would take ages; a wide DAG-free game that never ends
    // in time: Nim heap of 10^9 through a subtraction game of every amount.
    let game = Subtraction((1..=1000).collect());
    let budget = Budget::unlimited().with_cancel_flag(stop);
    let mut solver = Solver::with_config(&game, Config::default().with_budget(budget));
    assert_eq!(solver.value(&100_000_000), Err(SolveError::Cancelled));
    canceller.join().unwrap();
}

#[test]
fn time_limit() {
    let game = Subtraction((1..=1000).collect());
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(10));
    let mut solver = Solver::with_config(&game, Config::default().with_budget(budget));
    let err = solver.value(&100_000_000).unwrap_err();
    assert_eq!(err, SolveError::TimeLimit { limit: Duration::from_millis(10) });
    assert_eq!(err.to_string(), "time limit of 10ms exceeded");
}

/// From `n` a move goes to 0 or to `n - 1`: the outcome is settled by the first move, while
/// the value needs the whole chain below.
struct JumpOrStep;

impl Ruleset for JumpOrStep {
    type Position = u32;
    type Move = u32;

    fn moves(&self, n: &u32, moves: &mut Vec<u32>) {
        if *n > 0 {
            moves.extend([0, n - 1]);
        }
    }

    fn play(&self, _n: &u32, to: &u32) -> u32 {
        *to
    }
}

#[test]
fn outcome_search_stops_at_the_first_move_to_a_p_position() {
    let mut by_value = Solver::new(&JumpOrStep);
    assert_eq!(by_value.value(&10_000).unwrap(), Nimber::new(2));
    let mut by_outcome = Solver::new(&JumpOrStep);
    assert_eq!(by_outcome.outcome(&10_000).unwrap(), Outcome::N);
    assert_eq!(by_value.stats().nodes, 10_001);
    assert_eq!(by_outcome.stats().nodes, 2);
}

#[cfg(feature = "rayon")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The parallel search (solvers sharing a table, half of them in reverse move order)
    /// gives the naive values on random games, with one to four threads and both methods.
    #[test]
    fn parallel_search_equals_naive(game in dag(40), threads in 1usize..=4, method in method()) {
        let config = Config::default()
            .with_method(method)
            .with_table_bytes(grundy_core::compact::MIN_BYTES);
        for v in 0..game.edges.len() {
            let value = grundy_core::solver::par_value(&game, &v, &config, threads).unwrap();
            prop_assert_eq!(value, naive::value(&game, &v), "vertex {}", v);
        }
    }
}

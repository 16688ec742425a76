//! Col and Snort (Section 9 of Bovee, Burke and Tennenhouse lists them): the move rules
//! word for word, the hooks against the plain definition, the Col theorem (every position
//! is `x` or `x + *`), and the values of both games on paths.

use grundy_col::{Col, ColError, Colour, Colouring, Evaluator, Snort};
use grundy_graph::Graph;
use grundy_partizan::{Dyadic, Game, GameStore, PartizanRuleset, Player, naive, solve};
use proptest::prelude::*;

const COLOURS: [Colour; 3] = [Colour::Uncoloured, Colour::Blue, Colour::Red];

/// Every colouring of `n` vertices.
fn colourings(n: usize) -> impl Iterator<Item = Vec<Colour>> {
    let total = 3usize.pow(u32::try_from(n).unwrap());
    (0..total).map(move |mut code| {
        (0..n)
            .map(|_| {
                let c = COLOURS[code % 3];
                code /= 3;
                c
            })
            .collect()
    })
}

/// The rules word for word: Col forbids a neighbour of the painter's colour, Snort one of
/// the opponent's colour.
fn literal_moves(g: &Graph, c: &[Colour], player: Player, snort: bool) -> Vec<usize> {
    let banned = if snort { Colour::of(player.opponent()) } else { Colour::of(player) };
    (0..g.order())
        .filter(|&v| c[v] == Colour::Uncoloured && g.neighbors(v).iter().all(|w| c[w] != banned))
        .collect()
}

/// Whether `g` is a number `x` or `x + *`.
fn is_number_or_number_star(store: &GameStore, g: Game) -> bool {
    matches!(store.as_nus(g), Some(n) if n.ups == 0 && n.star.value() <= 1)
}

/// Left's stop (`left == true`) or Right's stop of `g`.
fn stop(store: &mut GameStore, g: Game, left: bool) -> Dyadic {
    if let Some(x) = store.as_number(g) {
        return x.clone();
    }
    let options = if left { store.left_options(g) } else { store.right_options(g) };
    let stops = options.into_iter().map(|o| stop(store, o, !left));
    if left { stops.max().unwrap() } else { stops.min().unwrap() }
}

fn graphs_and_colourings(max: usize) -> impl Strategy<Value = (Graph, Vec<Colour>)> {
    (1..=max).prop_flat_map(|n| {
        (any::<u64>(), prop::collection::vec(prop::sample::select(COLOURS.to_vec()), n))
            .prop_map(move |(bits, colours)| (Graph::from_edge_bits(n, bits), colours))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The moves follow the rules word for word, the hooked searches agree with the plain
    /// definition, swapping colours negates, and Col positions are `x` or `x + *`.
    #[test]
    fn col_and_snort_agree_with_the_definition((graph, colours) in graphs_and_colourings(7)) {
        let col = Col::new(&graph).unwrap();
        let snort = Snort::new(&graph).unwrap();
        let position = Colouring::from_colours(&colours).unwrap();
        let mut store = GameStore::new();
        for player in [Player::Left, Player::Right] {
            prop_assert_eq!(col.move_list(&position, player), literal_moves(&graph, &colours, player, false));
            prop_assert_eq!(snort.move_list(&position, player), literal_moves(&graph, &colours, player, true));
        }
        let c = naive::canonical_form(&col, &position, &mut store);
        prop_assert_eq!(solve::canonical_form(&col, &position, &mut store), c);
        prop_assert!(is_number_or_number_star(&store, c), "Col {} {}", graph, position);
        let swapped = naive::canonical_form(&col, &position.swapped(), &mut store);
        prop_assert_eq!(swapped, store.neg(c));
        let s = naive::canonical_form(&snort, &position, &mut store);
        prop_assert_eq!(solve::canonical_form(&snort, &position, &mut store), s);
        let mut eval = Evaluator::new(snort.clone());
        let e = eval.value(&position);
        let text = eval.store().display(e).to_string();
        prop_assert_eq!(text, store.display(s).to_string());
    }
}

/// Checks the Col theorem on every graph of `n` vertices with every colouring; returns the
/// number of positions.
fn col_theorem_all_graphs(n: usize) -> usize {
    let pairs = n * (n - 1) / 2;
    let mut count = 0;
    for bits in 0..1u64 << pairs {
        let graph = Graph::from_edge_bits(n, bits);
        let mut eval = Evaluator::new(Col::new(&graph).unwrap());
        for colours in colourings(n) {
            let g = eval.value(&Colouring::from_colours(&colours).unwrap());
            assert!(is_number_or_number_star(eval.store(), g), "{graph} {colours:?}");
            count += 1;
        }
    }
    count
}

/// BBT-9.1, the Col theorem (Conway, *On Numbers and Games*: every Col position is a number
/// `x` or `x + *`): every labelled graph on at most 4 vertices with every colouring.
#[test]
fn col_positions_are_numbers_or_numbers_plus_star() {
    let total: usize = (1..=4).map(col_theorem_all_graphs).sum();
    assert_eq!(total, 3 + 2 * 9 + 8 * 27 + 64 * 81);
}

/// The same on every labelled graph of 5 vertices (248832 positions):
/// `cargo test --release -p grundy-col --test col_snort -- --ignored col_positions_are_numbers_or_numbers_plus_star_large`
#[test]
#[ignore]
fn col_positions_are_numbers_or_numbers_plus_star_large() {
    assert_eq!(col_theorem_all_graphs(5), 1024 * 243);
}

/// BBT-9.2: Col on the uncoloured path `P_n`, `n = 1..=10`: by the plain definition
/// (`naive::canonical_form`) and the hooked evaluator, `*` for `n = 1` and `0` for every
/// `n >= 2`. Independent reasons where we have them: the position is its own colour swap,
/// so `G = -G`, and with the Col theorem `G` is `0` or `*`; for even `n` the second player
/// copies the first player's move on the mirror vertex in the other colour (Tweedledum and
/// Tweedledee), so `G = 0`. Odd `n >= 3` being `0` rests on the two computations only.
/// Every colouring of every path of at most 8 vertices is `x` or `x + *` too.
#[test]
fn col_on_paths() {
    let mut store = GameStore::new();
    let mut values = Vec::new();
    for n in 1..=10 {
        let col = Col::new(&Graph::path(n)).unwrap();
        let start = Colouring::from_colours(&vec![Colour::Uncoloured; n]).unwrap();
        let g = naive::canonical_form(&col, &start, &mut store);
        let mut eval = Evaluator::new(col);
        let e = eval.value(&start);
        assert_eq!(eval.store().display(e).to_string(), store.display(g).to_string());
        assert_eq!(store.neg(g), g);
        values.push(store.display(g).to_string());
        if n <= 8 {
            for colours in colourings(n) {
                let g = eval.value(&Colouring::from_colours(&colours).unwrap());
                assert!(is_number_or_number_star(eval.store(), g), "{colours:?}");
            }
        }
    }
    assert_eq!(values, ["*", "0", "0", "0", "0", "0", "0", "0", "0", "0"]);
}

/// BBT-9.3: Snort on the uncoloured path `P_n`, `n = 1..=8`, by the plain definition and the
/// hooked evaluator (recorded in `SNORT_PATHS`): hot (Left's stop exceeds Right's) for
/// `n = 2, 3, 4, 5, 7, 8`, but `*` for `n = 1` and, perhaps surprisingly, `n = 6` (an
/// independent minimax over `P_6 + P_1` finds a second-player win, as `* + * = 0` says); all
/// are their own negatives (colour swap).
#[test]
fn snort_on_paths() {
    let mut store = GameStore::new();
    let mut values = Vec::new();
    for n in 1..=8 {
        let snort = Snort::new(&Graph::path(n)).unwrap();
        let start = Colouring::from_colours(&vec![Colour::Uncoloured; n]).unwrap();
        let g = naive::canonical_form(&snort, &start, &mut store);
        let mut eval = Evaluator::new(snort);
        let e = eval.value(&start);
        assert_eq!(eval.store().display(e).to_string(), store.display(g).to_string());
        assert_eq!(store.neg(g), g);
        let (l, r) = (stop(&mut store, g, true), stop(&mut store, g, false));
        assert_eq!(l > r, n != 1 && n != 6, "n = {n}: stops {l} and {r}");
        values.push(format!("{} (stops {l}, {r})", store.display(g)));
    }
    assert_eq!(values, SNORT_PATHS);
}

/// Snort on `P_1 .. P_8` with Left's and Right's stops.
const SNORT_PATHS: [&str; 8] = [
    "* (stops 0, 0)",
    "±1 (stops 1, -1)",
    "±2 (stops 2, -2)",
    "{{2|1}|{-1|-2}} (stops 1, -1)",
    "{1,{3|0}|-1,{0|-3}} (stops 1, -1)",
    "* (stops 0, 0)",
    "{1,{{4|3}|{*|-1*}},{{4|3}|±1,{1*|*}}|-1,{{1*|*}|{-3|-4}},{±1,{*|-1*}|{-3|-4}}} (stops 1, -1)",
    "{{{5|2*},{5|2}|±2,{2*|-2},{{2|1}|{0|-1}}}|{±2,{2|-2*},{{1|0}|{-1|-2}}|{-2*|-5},{-2|-5}}} (stops 1, -1)",
];

/// Graphs beyond 64 vertices are refused.
#[test]
fn too_many_vertices() {
    let big = Graph::path(65);
    assert_eq!(Col::new(&big).unwrap_err(), ColError::TooManyVertices { order: 65, max: 64 });
    assert!(Snort::new(&big).is_err());
    assert!(Col::new(&Graph::path(64)).is_ok());
}

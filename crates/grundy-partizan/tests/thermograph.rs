//! Thermographs (`GameStore::thermograph`, `mean`, `temperature`) against closed forms
//! (switches, numbers, infinitesimals) and the theorems of Siegel's *Combinatorial Game
//! Theory*, chapter II.5 (means add; temperatures of sums are at most the larger one; walls at
//! temperature 0 are the stops), on random games.

use grundy_partizan::{Dyadic, Game, GameStore};
use proptest::prelude::*;

fn dyadics() -> impl Strategy<Value = Dyadic> {
    (-12i64..=12, 0u32..=3).prop_map(|(m, k)| Dyadic::new(m, k))
}

/// A game `{left | right}` built by `from_options` from random smaller games, leaves numbers.
#[derive(Clone, Debug)]
enum Tree {
    Number(Dyadic),
    Node(Vec<Tree>, Vec<Tree>),
}

fn trees() -> impl Strategy<Value = Tree> {
    dyadics().prop_map(Tree::Number).prop_recursive(3, 24, 3, |inner| {
        (prop::collection::vec(inner.clone(), 0..=3), prop::collection::vec(inner, 0..=3))
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

fn build(store: &mut GameStore, t: &Tree) -> Game {
    match t {
        Tree::Number(x) => store.number(x.clone()),
        Tree::Node(l, r) => {
            let l: Vec<Game> = l.iter().map(|t| build(store, t)).collect();
            let r: Vec<Game> = r.iter().map(|t| build(store, t)).collect();
            store.from_options(&l, &r)
        }
    }
}

/// The Left (`left == true`) or Right stop, by the definition: a number is its own stop,
/// otherwise the best stop of the opponent's options of one's own moves.
fn stop(store: &mut GameStore, g: Game, left: bool) -> Dyadic {
    if let Some(x) = store.as_number(g) {
        return x.clone();
    }
    let options = if left { store.left_options(g) } else { store.right_options(g) };
    let stops = options.into_iter().map(|o| stop(store, o, !left));
    if left { stops.max() } else { stops.min() }.expect("a non-number has options on both sides")
}

fn d(m: i64, k: u32) -> Dyadic {
    Dyadic::new(m, k)
}

/// Switches, numbers, infinitesimals and a few hot games with textbook values.
#[test]
fn known_means_and_temperatures() {
    let mut store = GameStore::new();
    for (text, mean, temperature) in [
        ("0", d(0, 0), d(-1, 0)),
        ("5", d(5, 0), d(-1, 0)),
        ("-3", d(-3, 0), d(-1, 0)),
        ("1/2", d(1, 1), d(-1, 1)),
        ("-3/8", d(-3, 3), d(-1, 3)),
        ("*", d(0, 0), d(0, 0)),
        ("*2", d(0, 0), d(0, 0)),
        ("^", d(0, 0), d(0, 0)),
        ("v*", d(0, 0), d(0, 0)),
        ("1/2^*", d(1, 1), d(0, 0)),
        ("±1", d(0, 0), d(1, 0)),
        ("2±3", d(2, 0), d(3, 0)),
        ("{1|*}", d(1, 1), d(1, 1)),
        ("{2|-1/2}", d(3, 2), d(5, 2)),
        // Domineering "#...|....|....|....": temperature 1 (as cgt-tools' own test says).
        ("{1*|-1*}", d(0, 0), d(1, 0)),
        // A hot game over a hot game: {4|{2|0}}: walls 4 - t and 1 + t until {2|0} melts at
        // t = 1 (mast 1, so RW = 1 + t); they meet at t = 3/2, mean 5/2.
        ("{4|{2|0}}", d(5, 1), d(3, 1)),
    ] {
        let g = store.parse(text).unwrap();
        let th = store.thermograph(g);
        assert_eq!((th.mean(), th.temperature()), (&mean, &temperature), "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `{x|y}` for numbers `x > y` has mean `(x + y)/2` and temperature `(x - y)/2`; with the
    /// walls `x - t` and `y + t` below.
    #[test]
    fn switches(x in dyadics(), y in dyadics()) {
        prop_assume!(x > y);
        let mut store = GameStore::new();
        let (gx, gy) = (store.number(x.clone()), store.number(y.clone()));
        let g = store.from_options(&[gx], &[gy]);
        let th = store.thermograph(g);
        let two = Dyadic::from(2);
        prop_assert_eq!(th.mean().clone() + th.mean().clone(), &x + &y);
        prop_assert_eq!(th.temperature().clone() + th.temperature().clone(), &x - &y);
        let t = Dyadic::zero();
        prop_assert_eq!(th.left_wall(&t), x.clone());
        prop_assert_eq!(th.right_wall(&t), y.clone());
        // Far above the temperature, the mast.
        let hot = &(&x - &y) + &two;
        prop_assert_eq!(th.left_wall(&hot), th.mean().clone());
    }

    /// A number `m/2^k` has mean itself and temperature `-1/2^k` (`-1` for integers).
    #[test]
    fn numbers(x in dyadics()) {
        let mut store = GameStore::new();
        let g = store.number(x.clone());
        prop_assert_eq!(store.mean(g), x.clone());
        let expected = if x.is_integer() { Dyadic::from(-1) } else { Dyadic::new(-1, x.exponent()) };
        prop_assert_eq!(store.temperature(g), expected);
    }

    /// On random games: means add and negate; the temperature of a sum is at most the larger
    /// one; a game that is not a number has temperature >= 0; the walls at 0 are the stops,
    /// and Left's wall is never left of Right's below the temperature (checked at -1 and 0).
    #[test]
    fn theorems_on_random_games(a in trees(), b in trees()) {
        let mut store = GameStore::new();
        let (g, h) = (build(&mut store, &a), build(&mut store, &b));
        let sum = store.sum(g, h);
        let (tg, th, ts) = (store.thermograph(g), store.thermograph(h), store.thermograph(sum));
        prop_assert_eq!(ts.mean().clone(), tg.mean() + th.mean());
        prop_assert!(ts.temperature() <= tg.temperature().max(th.temperature()));
        let minus = store.neg(g);
        let tm = store.thermograph(minus);
        prop_assert_eq!(tm.mean().clone(), -tg.mean());
        prop_assert_eq!(tm.temperature(), tg.temperature());
        for (game, t) in [(g, &tg), (h, &th), (sum, &ts)] {
            if !store.is_number(game) {
                prop_assert!(!t.temperature().is_negative());
            }
            let zero = Dyadic::zero();
            prop_assert_eq!(t.left_wall(&zero), stop(&mut store, game, true));
            prop_assert_eq!(t.right_wall(&zero), stop(&mut store, game, false));
            let cold = Dyadic::from(-1);
            prop_assert!(t.left_wall(&cold) >= t.right_wall(&cold));
        }
    }
}

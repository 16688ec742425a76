//! Tests of grundy-partizan: canonical forms against the plain definitions, the group laws,
//! known values, notation round trips and the embedding of impartial games.

use grundy_core::{Nimber, Ruleset, Solver};
use grundy_partizan::{
    Dyadic, Expr, Game, GameOrdering, GameStore, Nus, ParseGameError, PartizanOutcome,
    PartizanRuleset, Player, naive, solve,
};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Unsimplified forms and the definitions, as plain as possible.

/// A game form `{left | right}`, never simplified.
#[derive(Clone, Debug, Default, PartialEq)]
struct Form {
    left: Vec<Form>,
    right: Vec<Form>,
}

impl Form {
    fn new(left: Vec<Form>, right: Vec<Form>) -> Form {
        Form { left, right }
    }

    fn neg(&self) -> Form {
        Form::new(
            self.right.iter().map(Form::neg).collect(),
            self.left.iter().map(Form::neg).collect(),
        )
    }

    fn sum(&self, other: &Form) -> Form {
        let mut left: Vec<Form> = self.left.iter().map(|l| l.sum(other)).collect();
        left.extend(other.left.iter().map(|l| self.sum(l)));
        let mut right: Vec<Form> = self.right.iter().map(|r| r.sum(other)).collect();
        right.extend(other.right.iter().map(|r| self.sum(r)));
        Form::new(left, right)
    }

    fn height(&self) -> usize {
        self.left.iter().chain(&self.right).map(|o| o.height() + 1).max().unwrap_or(0)
    }
}

/// The definition of `<=` on forms: `G <= H` unless some `G^L >= H` or some `H^R <= G`.
fn form_le(g: &Form, h: &Form) -> bool {
    !g.left.iter().any(|gl| form_le(h, gl)) && !h.right.iter().any(|hr| form_le(hr, g))
}

/// Whether Left, moving first, wins (`first == Player::Left`), or Right, moving first, wins.
fn first_player_wins(g: &Form, first: Player) -> bool {
    match first {
        Player::Left => g.left.iter().any(|gl| !first_player_wins(gl, Player::Right)),
        Player::Right => g.right.iter().any(|gr| !first_player_wins(gr, Player::Left)),
    }
}

/// The outcome class by playing the game out.
fn form_outcome(g: &Form) -> PartizanOutcome {
    match (first_player_wins(g, Player::Left), first_player_wins(g, Player::Right)) {
        (true, true) => PartizanOutcome::N,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (false, false) => PartizanOutcome::P,
    }
}

/// The canonical form of a form, option by option.
fn build(store: &mut GameStore, g: &Form) -> Game {
    let left: Vec<Game> = g.left.iter().map(|o| build(store, o)).collect();
    let right: Vec<Game> = g.right.iter().map(|o| build(store, o)).collect();
    store.from_options(&left, &right)
}

/// The height of the canonical game tree, unfolding the options (numbers included).
fn canonical_height(store: &mut GameStore, g: Game) -> usize {
    let mut options = store.left_options(g);
    options.extend(store.right_options(g));
    options.into_iter().map(|o| canonical_height(store, o) + 1).max().unwrap_or(0)
}

/// Random forms of height at most `depth`, with at most `width` options a side.
fn forms(depth: u32, width: usize) -> BoxedStrategy<Form> {
    if depth == 0 {
        return Just(Form::default()).boxed();
    }
    let sub = forms(depth - 1, width);
    prop_oneof![
        1 => Just(Form::default()),
        4 => (prop::collection::vec(sub.clone(), 0..=width), prop::collection::vec(sub, 0..=width))
            .prop_map(|(l, r)| Form::new(l, r)),
    ]
    .boxed()
}

/// Random dyadics, from tiny to huge (up to 2^80 and denominators up to 2^40).
fn dyadics() -> impl Strategy<Value = Dyadic> {
    (any::<i64>(), 0u32..=16, 0u32..=40)
        .prop_map(|(n, shift, exponent)| Dyadic::new(BigInt::from(n) << shift, exponent))
}

// ---------------------------------------------------------------------------------------------
// Canonical forms against the definitions.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The store's `<=` on canonical forms agrees with the definition on the raw forms.
    #[test]
    fn comparison_agrees_with_the_definition(g in forms(3, 2), h in forms(3, 2)) {
        let mut store = GameStore::new();
        let (cg, ch) = (build(&mut store, &g), build(&mut store, &h));
        prop_assert_eq!(store.le(cg, ch), form_le(&g, &h));
        prop_assert_eq!(store.le(ch, cg), form_le(&h, &g));
        // Canonical forms are unique: equal values are one handle.
        prop_assert_eq!(cg == ch, form_le(&g, &h) && form_le(&h, &g));
    }

    /// The outcome class agrees with playing the raw form out.
    #[test]
    fn outcome_agrees_with_play(g in forms(3, 3)) {
        let mut store = GameStore::new();
        let cg = build(&mut store, &g);
        prop_assert_eq!(store.outcome(cg), form_outcome(&g));
    }

    /// The canonical form is equal to the form, has no dominated and no reversible option,
    /// is a fixed point of `from_options`, and its birthday is its height, at most the form's.
    #[test]
    fn canonical_forms_are_canonical(g in forms(3, 3)) {
        let mut store = GameStore::new();
        let cg = build(&mut store, &g);
        let (left, right) = (store.left_options(cg), store.right_options(cg));
        prop_assert_eq!(store.from_options(&left, &right), cg);
        for &a in &left {
            for &b in &left {
                prop_assert!(a == b || !store.le(a, b), "dominated Left option");
            }
            for ar in store.right_options(a) {
                prop_assert!(!store.le(ar, cg), "reversible Left option");
            }
        }
        for &a in &right {
            for &b in &right {
                prop_assert!(a == b || !store.le(b, a), "dominated Right option");
            }
            for al in store.left_options(a) {
                prop_assert!(!store.le(cg, al), "reversible Right option");
            }
        }
        let height = canonical_height(&mut store, cg);
        prop_assert_eq!(store.birthday(cg), BigUint::from(height));
        prop_assert!(height <= g.height());
    }

    /// The store's sum and negation agree with the sum and negative of the raw forms.
    #[test]
    fn sum_and_negation_agree_with_the_forms(g in forms(2, 2), h in forms(2, 2)) {
        let mut store = GameStore::new();
        let (cg, ch) = (build(&mut store, &g), build(&mut store, &h));
        let s = store.sum(cg, ch);
        prop_assert_eq!(s, build(&mut store, &g.sum(&h)));
        let n = store.neg(cg);
        prop_assert_eq!(n, build(&mut store, &g.neg()));
    }
}

// ---------------------------------------------------------------------------------------------
// Group and order laws.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sum_is_an_abelian_group(a in forms(3, 2), b in forms(3, 2), c in forms(2, 2)) {
        let mut store = GameStore::new();
        let (a, b, c) = (build(&mut store, &a), build(&mut store, &b), build(&mut store, &c));
        let zero = store.zero();
        prop_assert_eq!(store.sum(a, b), store.sum(b, a));
        let ab = store.sum(a, b);
        let bc = store.sum(b, c);
        prop_assert_eq!(store.sum(ab, c), store.sum(a, bc));
        prop_assert_eq!(store.sum(a, zero), a);
        prop_assert_eq!(store.sub(a, a), zero);
        let minus_a = store.neg(a);
        prop_assert_eq!(store.neg(minus_a), a);
        let minus_b = store.neg(b);
        let minus_ab = store.neg(ab);
        prop_assert_eq!(store.sum(minus_a, minus_b), minus_ab);
    }

    #[test]
    fn order_is_a_partial_order_compatible_with_sums(
        a in forms(3, 2), b in forms(3, 2), c in forms(3, 2), x in forms(2, 2),
    ) {
        let mut store = GameStore::new();
        let (a, b, c, x) = (
            build(&mut store, &a),
            build(&mut store, &b),
            build(&mut store, &c),
            build(&mut store, &x),
        );
        if store.le(a, b) && store.le(b, c) {
            prop_assert!(store.le(a, c));
        }
        if store.le(a, b) && store.le(b, a) {
            prop_assert_eq!(a, b);
        }
        let (ax, bx) = (store.sum(a, x), store.sum(b, x));
        // G <= H iff G + X <= H + X.
        prop_assert_eq!(store.le(ax, bx), store.le(a, b));
        // G <= H iff H - G >= 0.
        let d = store.sub(b, a);
        let zero = store.zero();
        prop_assert_eq!(store.le(zero, d), store.le(a, b));
        // cmp is consistent with le and antisymmetric.
        let expected = match (store.le(a, b), store.le(b, a)) {
            (true, true) => GameOrdering::Equal,
            (true, false) => GameOrdering::Less,
            (false, true) => GameOrdering::Greater,
            (false, false) => GameOrdering::Confused,
        };
        prop_assert_eq!(store.cmp(a, b), expected);
        prop_assert_eq!(store.cmp(b, a), expected.reverse());
    }

    /// Huge numbers never unfold: translating by a number keeps differences and order, and
    /// adding a positive number makes a game larger.
    #[test]
    fn translation_by_big_numbers(a in forms(3, 2), b in forms(3, 2), x in dyadics()) {
        let mut store = GameStore::new();
        let (a, b) = (build(&mut store, &a), build(&mut store, &b));
        let xg = store.number(x.clone());
        let (ax, bx) = (store.sum(a, xg), store.sum(b, xg));
        prop_assert_eq!(store.sub(ax, xg), a);
        prop_assert_eq!(store.cmp(ax, bx), store.cmp(a, b));
        let expected = match x.cmp(&Dyadic::zero()) {
            core::cmp::Ordering::Less => GameOrdering::Less,
            core::cmp::Ordering::Equal => GameOrdering::Equal,
            core::cmp::Ordering::Greater => GameOrdering::Greater,
        };
        // a + x against a: x is a number, so the difference x decides.
        prop_assert_eq!(store.cmp(ax, a), expected);
        // The number part survives display and parsing.
        let text = store.display(ax).to_string();
        prop_assert_eq!(store.parse(&text).unwrap(), ax, "{}", text);
    }

    /// Numbers add and compare as dyadic rationals.
    #[test]
    fn numbers_are_dyadic_rationals(x in dyadics(), y in dyadics()) {
        let mut store = GameStore::new();
        let (gx, gy) = (store.number(x.clone()), store.number(y.clone()));
        let s = store.sum(gx, gy);
        prop_assert_eq!(store.as_number(s), Some(&(x.clone() + y.clone())));
        prop_assert_eq!(store.le(gx, gy), x <= y);
        prop_assert_eq!(store.birthday(gx), x.birthday());
    }

    /// parse(display(g)) == g.
    #[test]
    fn display_parses_back(g in forms(3, 3), x in -3i64..=3, e in 0u32..=3) {
        let mut store = GameStore::new();
        let g = build(&mut store, &g);
        let x = store.number(Dyadic::new(x, e));
        let g = store.sum(g, x);
        let text = store.display(g).to_string();
        let mut fresh = GameStore::new();
        let parsed = fresh.parse(&text).unwrap();
        prop_assert_eq!(fresh.display(parsed).to_string(), text.clone());
        prop_assert_eq!(store.parse(&text).unwrap(), g, "{}", text);
        // The expression's own Display parses back to the same expression.
        let expr: Expr = text.parse().unwrap();
        prop_assert_eq!(expr.to_string().parse::<Expr>().unwrap(), expr);
    }
}

// ---------------------------------------------------------------------------------------------
// Known values.

fn parse(store: &mut GameStore, text: &str) -> Game {
    store.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn show(store: &mut GameStore, text: &str) -> String {
    let g = parse(store, text);
    store.display(g).to_string()
}

#[test]
fn simple_games_have_their_textbook_values() {
    let mut s = GameStore::new();
    for (form, value) in [
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{1|}", "2"),
        ("{0|1}", "1/2"),
        ("{1/2|1}", "3/4"),
        ("{-1|0}", "-1/2"),
        ("{0|2}", "1"),
        ("{-5|7}", "0"),
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("{0,*,*2|0,*,*2}", "*3"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("{0|^*}", "^^"),
        ("{0|^}", "^^*"),
        ("{1|-1}", "±1"),
        ("{1|0}", "{1|0}"),
        ("{1|1}", "1*"),
        ("{*|*}", "0"),
        ("{^|}", "1"),
        ("{0||0|-1}", "{0|{0|-1}}"),
    ] {
        assert_eq!(show(&mut s, form), value, "{form}");
        // Both texts denote the same handle.
        assert_eq!(parse(&mut s, form), parse(&mut s, value), "{form}");
    }
}

#[test]
fn textbook_sums_and_comparisons() {
    let mut s = GameStore::new();
    let zero = s.zero();
    let [up, down, star, up_star, half, one, sw, tiny, pm1] =
        ["^", "v", "*", "^*", "1/2", "1", "{1|0}", "{0||0|-1}", "±1"].map(|t| parse(&mut s, t));
    assert_eq!(s.sum(up, down), zero);
    assert_eq!(s.sum(star, star), zero);
    assert_eq!(s.sum(half, half), one);
    assert_eq!(s.sum(pm1, pm1), zero); // ±1 is its own negative
    assert_eq!(s.sum(sw, sw), one); // (1/2 ± 1/2) twice
    assert_eq!(s.sum(up, star), up_star);
    assert_eq!(s.cmp(up_star, zero), GameOrdering::Confused);
    assert_eq!(s.cmp(up, zero), GameOrdering::Greater);
    assert_eq!(s.cmp(up, star), GameOrdering::Confused);
    assert_eq!(s.cmp(sw, zero), GameOrdering::Confused);
    assert_eq!(s.cmp(down, zero), GameOrdering::Less);
    // ↑ + ↑ + * = ⇑* is positive, unlike ↑*.
    let double_up_star = parse(&mut s, "^ + ^ + *");
    assert_eq!(s.cmp(double_up_star, zero), GameOrdering::Greater);
    assert_ne!(double_up_star, star);
    // ↑ + *2 = ↑*2 is positive too.
    let up_star2 = parse(&mut s, "^ + *2");
    assert_eq!(s.cmp(up_star2, zero), GameOrdering::Greater);
    // tiny = {0||0|-1} is a positive infinitesimal below ↑, even three times over.
    assert_eq!(s.cmp(tiny, zero), GameOrdering::Greater);
    assert_eq!(s.cmp(tiny, up), GameOrdering::Less);
    let three_tiny = parse(&mut s, "{0||0|-1} + {0||0|-1} + {0||0|-1}");
    assert_eq!(s.cmp(three_tiny, up), GameOrdering::Less);
    let smallest_number = s.number(Dyadic::new(1, 60));
    assert_eq!(s.cmp(up, smallest_number), GameOrdering::Less);
    assert_eq!(s.partial_cmp(up, star), None);
    // Nimbers add as in grundy-core.
    for m in 0..8u64 {
        for n in 0..8u64 {
            let (a, b) = (s.nimber(Nimber::new(m)), s.nimber(Nimber::new(n)));
            let sum = s.sum(a, b);
            assert_eq!(s.as_nimber(sum), Some(Nimber::new(m) + Nimber::new(n)));
        }
    }
}

#[test]
fn birthdays_and_outcomes() {
    let mut s = GameStore::new();
    for (text, birthday, outcome) in [
        ("0", 0u32, PartizanOutcome::P),
        ("*", 1, PartizanOutcome::N),
        ("1", 1, PartizanOutcome::L),
        ("-1", 1, PartizanOutcome::R),
        ("1/2", 2, PartizanOutcome::L),
        ("-3/4", 3, PartizanOutcome::R),
        ("^", 2, PartizanOutcome::L),
        ("v", 2, PartizanOutcome::R),
        ("^*", 2, PartizanOutcome::N),
        ("^^", 3, PartizanOutcome::L),
        ("*2", 2, PartizanOutcome::N),
        ("*5", 5, PartizanOutcome::N),
        ("±1", 2, PartizanOutcome::N),
        ("{1|0}", 2, PartizanOutcome::N),
        ("{0||0|-1}", 3, PartizanOutcome::L),
        ("1*", 2, PartizanOutcome::L),
        ("-7", 7, PartizanOutcome::R),
    ] {
        let g = parse(&mut s, text);
        assert_eq!(s.birthday(g), BigUint::from(birthday), "{text}");
        assert_eq!(s.outcome(g), outcome, "{text}");
    }
    // Exact for numbers of any size: 2^100 is born on day 2^100.
    let big = parse(&mut s, "1267650600228229401496703205376");
    assert_eq!(s.birthday(big), BigUint::from(1u32) << 100);
    let g = parse(&mut s, "{1267650600228229401496703205376|0}");
    assert_eq!(s.birthday(g), (BigUint::from(1u32) << 100) + 1u32);
    assert_eq!(s.outcome(g), PartizanOutcome::N);
}

/// The sum by its definition, `{G^L + H, G + H^L | G^R + H, G + H^R}`, canonicalised by
/// `from_options` only (none of the store's shortcuts for numbers and up-star sums).
fn slow_sum(
    store: &mut GameStore,
    g: Game,
    h: Game,
    memo: &mut std::collections::HashMap<(Game, Game), Game>,
) -> Game {
    if let Some(&s) = memo.get(&(g, h)) {
        return s;
    }
    let (gl, gr, hl, hr) = (
        store.left_options(g),
        store.right_options(g),
        store.left_options(h),
        store.right_options(h),
    );
    let mut left: Vec<Game> = gl.iter().map(|&o| slow_sum(store, o, h, memo)).collect();
    left.extend(hl.iter().map(|&o| slow_sum(store, g, o, memo)));
    let mut right: Vec<Game> = gr.iter().map(|&o| slow_sum(store, o, h, memo)).collect();
    right.extend(hr.iter().map(|&o| slow_sum(store, g, o, memo)));
    let s = store.from_options(&left, &right);
    memo.insert((g, h), s);
    s
}

/// The canonical forms of `x + n·↑ + *m`, built from `↑ = {0|*}`, `*m` and `x` by the plain
/// definition of the sum, are recognised as such, are what `GameStore::nus` builds directly,
/// print compactly and parse back. (This checks the rule `n·↑ + *m = {0 | (n-1)·↑ + *(m ⊕ 1)}`,
/// `↑* = {0,*|0}`, for |n| <= 4 and m <= 5.)
#[test]
fn numbers_ups_and_stars_are_recognised() {
    let mut s = GameStore::new();
    let mut memo = std::collections::HashMap::new();
    let zero = s.zero();
    let star = s.from_options(&[zero], &[zero]);
    let up = s.from_options(&[zero], &[star]);
    let down = s.from_options(&[star], &[zero]);
    for x in ["0", "1", "-1", "1/2", "-3/8", "5"] {
        let xd: Dyadic = x.parse().unwrap();
        for n in -4i64..=4 {
            for m in 0u64..=5 {
                let nus = Nus { number: xd.clone(), ups: n, star: Nimber::new(m) };
                let xg = s.number(xd.clone());
                let mut g = zero;
                for j in 0..m {
                    let stars: Vec<Game> = (0..=j).map(|i| s.nimber(Nimber::new(i))).collect();
                    g = s.from_options(&stars, &stars);
                }
                let unit = if n < 0 { down } else { up };
                for _ in 0..n.unsigned_abs() {
                    g = slow_sum(&mut s, g, unit, &mut memo);
                }
                let g = slow_sum(&mut s, g, xg, &mut memo);
                assert_eq!(s.as_nus(g), Some(nus.clone()), "{x} {n} {m}");
                assert_eq!(s.nus(&nus), g);
                let text = s.display(g).to_string();
                assert_eq!(parse(&mut s, &text), g, "{text}");
            }
        }
    }
}

#[test]
fn compact_notation() {
    let mut s = GameStore::new();
    for (text, shown) in [
        ("1 + *", "1*"),
        ("1/2 + ^", "1/2^"),
        ("-1 + v + *", "-1v*"),
        ("^+^+^+*2", "^3*2"),
        ("v+v", "vv"),
        ("vvv", "v3"),
        ("^^^", "^3"),
        ("↑↑*", "^^*"),
        ("-(1^)", "-1v"),
        ("-1^", "-1^"),
        ("*3 + *", "*2"),
        ("1/2 + 1/4", "3/4"),
        ("2 - 1/2", "3/2"),
        ("±1 + 2", "{3|1}"),
        ("2±1", "{3|1}"),
        ("+-1/2", "±1/2"),
        ("{0, * | -1}", "{0,*|-1}"),
        ("{2||1|0}", "{2|{1|0}}"),
        ("{2|1||0}", "{{2|1}|0}"),
        ("{3|2||1|0}", "{{3|2}|{1|0}}"),
        ("( ^ + * ) + ( v )", "*"),
    ] {
        assert_eq!(show(&mut s, text), shown, "{text}");
    }
}

#[test]
fn parse_errors_name_the_position() {
    let mut s = GameStore::new();
    let err = |s: &mut GameStore, text: &str| s.parse(text).unwrap_err();
    assert_eq!(err(&mut s, "{1|2|3}"), ParseGameError::AmbiguousBars { position: 4 });
    assert!(matches!(err(&mut s, "1/3"), ParseGameError::Denominator { position: 0, .. }));
    assert!(matches!(
        err(&mut s, "{1|"),
        ParseGameError::Expected { position: 3, found, .. } if found == "end of input"
    ));
    assert!(matches!(err(&mut s, "{1}"), ParseGameError::Expected { position: 2, .. }));
    assert!(matches!(err(&mut s, "{1 2|}"), ParseGameError::Expected { position: 3, .. }));
    assert!(matches!(err(&mut s, "{,1|}"), ParseGameError::Expected { position: 1, .. }));
    assert!(matches!(err(&mut s, "1 +"), ParseGameError::Expected { position: 3, .. }));
    assert!(matches!(err(&mut s, "x"), ParseGameError::Expected { position: 0, .. }));
    assert!(matches!(err(&mut s, "^^3"), ParseGameError::Expected { position: 2, .. }));
    assert!(matches!(err(&mut s, "(1"), ParseGameError::Expected { position: 2, .. }));
    assert!(matches!(
        err(&mut s, "*99999999999999999999999"),
        ParseGameError::Overflow { position: 1, .. }
    ));
    assert!(matches!(err(&mut s, ""), ParseGameError::Expected { position: 0, .. }));
    assert!(matches!(err(&mut s, "1+^20000"), ParseGameError::TooLarge { position: 3, .. }));
    assert!(matches!(err(&mut s, "{*20000|}"), ParseGameError::TooLarge { position: 2, .. }));
    let message = err(&mut s, "{1|").to_string();
    assert!(message.contains("byte 3"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Rulesets.

/// A subtraction game played by both players alike, as an impartial and a partizan ruleset.
struct Subtraction(Vec<u32>);

impl Ruleset for Subtraction {
    type Position = u32;
    type Move = u32;
    fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
        moves.extend(self.0.iter().copied().filter(|take| take <= heap));
    }
    fn play(&self, heap: &u32, take: &u32) -> u32 {
        heap - take
    }
}

impl PartizanRuleset for Subtraction {
    type Position = u32;
    type Move = u32;
    fn moves(&self, heap: &u32, _player: Player, moves: &mut Vec<u32>) {
        moves.extend(self.0.iter().copied().filter(|take| take <= heap));
    }
    fn play(&self, heap: &u32, _player: Player, take: &u32) -> u32 {
        heap - take
    }
}

/// Several heaps of a [`Subtraction`] game: components are the heaps.
struct Heaps(Subtraction);

impl PartizanRuleset for Heaps {
    type Position = Vec<u32>;
    type Move = (usize, u32);
    fn moves(&self, heaps: &Vec<u32>, player: Player, moves: &mut Vec<(usize, u32)>) {
        for (i, heap) in heaps.iter().enumerate() {
            let mut takes = Vec::new();
            PartizanRuleset::moves(&self.0, heap, player, &mut takes);
            moves.extend(takes.into_iter().map(|t| (i, t)));
        }
    }
    fn play(&self, heaps: &Vec<u32>, _player: Player, &(i, take): &(usize, u32)) -> Vec<u32> {
        let mut next = heaps.clone();
        next[i] -= take;
        next
    }
    fn components(&self, heaps: &Vec<u32>, components: &mut Vec<Vec<u32>>) {
        components.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
    fn canonical_key(&self, heaps: &Vec<u32>) -> Vec<u32> {
        let mut key = heaps.clone();
        key.sort_unstable();
        key
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// An impartial game's canonical form is the nimber grundy-core's solver gives.
    #[test]
    fn impartial_positions_embed_as_nimbers(
        set in prop::collection::btree_set(1u32..=6, 1..=3),
        heap in 0u32..=30,
    ) {
        let game = Subtraction(set.into_iter().collect());
        let value = Solver::new(&game).value(&heap).unwrap();
        let mut store = GameStore::new();
        let g = naive::canonical_form(&game, &heap, &mut store);
        prop_assert_eq!(g, store.nimber(value));
        prop_assert_eq!(store.as_nimber(g), Some(value));
        prop_assert_eq!(store.outcome(g), PartizanOutcome::from(grundy_core::Outcome::from_value(value)));
    }

    /// The hooked search agrees with the naive one, and sums of heaps are nim-sums.
    #[test]
    fn hooks_agree_with_the_definition(
        set in prop::collection::btree_set(1u32..=4, 1..=3),
        heaps in prop::collection::vec(0u32..=6, 0..=3),
    ) {
        let game = Heaps(Subtraction(set.into_iter().collect()));
        let mut store = GameStore::new();
        let plain = naive::canonical_form(&game, &heaps, &mut store);
        prop_assert_eq!(solve::canonical_form(&game, &heaps, &mut store), plain);
        let nim_sum: Nimber =
            heaps.iter().map(|h| Solver::new(&game.0).value(h).unwrap()).sum();
        prop_assert_eq!(store.as_nimber(plain), Some(nim_sum));
    }
}

/// Blue-Red Hackenbush strings: a string of edges from the ground, `true` for blue (Left's).
/// Cutting an edge removes it and everything above it.
struct Hackenbush;

impl PartizanRuleset for Hackenbush {
    type Position = Vec<bool>;
    type Move = usize;
    fn moves(&self, edges: &Vec<bool>, player: Player, moves: &mut Vec<usize>) {
        let blue = player == Player::Left;
        moves.extend(edges.iter().enumerate().filter(|&(_, &e)| e == blue).map(|(i, _)| i));
    }
    fn play(&self, edges: &Vec<bool>, _player: Player, &i: &usize) -> Vec<bool> {
        edges[..i].to_vec()
    }
}

/// Berlekamp's rule: the edges of the first run count ±1 each, every later edge ±1/2, ±1/4...
fn berlekamp(edges: &[bool]) -> Dyadic {
    let sign = |e: bool| if e { 1 } else { -1 };
    let run = edges.iter().take_while(|&&e| Some(&e) == edges.first()).count();
    let mut value =
        Dyadic::from(i64::try_from(run).unwrap() * edges.first().map_or(0, |&e| sign(e)));
    for (k, &e) in edges[run..].iter().enumerate() {
        value = value + Dyadic::new(sign(e), u32::try_from(k + 1).unwrap());
    }
    value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Hackenbush strings are the numbers Berlekamp's rule gives.
    #[test]
    fn hackenbush_strings_are_numbers(edges in prop::collection::vec(any::<bool>(), 0..=10)) {
        let mut store = GameStore::new();
        let g = naive::canonical_form(&Hackenbush, &edges, &mut store);
        prop_assert_eq!(store.as_number(g), Some(&berlekamp(&edges)));
    }
}

// ---------------------------------------------------------------------------------------------
// Exhaustive: the games born by day n.

/// All antichains (sets of pairwise confused games) of `games`.
fn antichains(store: &mut GameStore, games: &[Game]) -> Vec<Vec<Game>> {
    fn rec(
        store: &mut GameStore,
        games: &[Game],
        from: usize,
        chosen: &mut Vec<Game>,
        out: &mut Vec<Vec<Game>>,
    ) {
        out.push(chosen.clone());
        for i in from..games.len() {
            let g = games[i];
            if chosen.iter().all(|&c| store.is_confused(c, g)) {
                chosen.push(g);
                rec(store, games, i + 1, chosen, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(store, games, 0, &mut Vec::new(), &mut out);
    out
}

/// The games born by day `n + 1`, from those born by day `n`: `{A | B}` for antichains `A`
/// and `B` (dominated options never matter).
fn next_day(store: &mut GameStore, games: &[Game]) -> Vec<Game> {
    let sides = antichains(store, games);
    let mut next: Vec<Game> = Vec::new();
    for left in &sides {
        for right in &sides {
            next.push(store.from_options(left, right));
        }
    }
    next.sort_unstable();
    next.dedup();
    next
}

/// 1, 4 and 22 games are born by days 0, 1 and 2 (the well-known counts; Wolfe and Fraser,
/// "Counting the number of games", 2004), each with a birthday at most its day.
#[test]
fn games_born_by_day_two() {
    let mut store = GameStore::new();
    let mut games = vec![store.zero()];
    for (day, count) in [(1u32, 4usize), (2, 22)] {
        games = next_day(&mut store, &games);
        assert_eq!(games.len(), count, "day {day}");
        assert!(games.iter().all(|&g| store.birthday(g) <= BigUint::from(day)));
    }
}

/// 1474 games are born by day 3 (Wolfe and Fraser 2004): a check that equal values get
/// one handle and different values different handles, over a whole day.
#[test]
fn games_born_by_day_three() {
    let mut store = GameStore::new();
    let mut games = vec![store.zero()];
    for _ in 0..3 {
        games = next_day(&mut store, &games);
    }
    assert_eq!(games.len(), 1474);
}

fn nus_values() -> impl Strategy<Value = Nus> {
    (-4i64..=4, 0u32..=2, -3i64..=3, 0u64..=4).prop_map(|(top, exponent, ups, star)| Nus {
        number: Dyadic::new(top, exponent),
        ups,
        star: Nimber::new(star),
    })
}

/// Up-star games compare by their parts as the definition says: every pair of
/// `x + n·↑ + *m` with `x` in {0, 1/2}, |n| <= 3, m <= 3.
#[test]
fn up_star_comparison_agrees_with_the_definition() {
    let mut store = GameStore::new();
    let mut games = Vec::new();
    for x in [Dyadic::zero(), Dyadic::new(1, 1)] {
        for ups in -3..=3 {
            for m in 0..=3 {
                let g = store.nus(&Nus { number: x.clone(), ups, star: Nimber::new(m) });
                games.push((g, to_form(&mut store, g)));
            }
        }
    }
    for (g, fg) in &games {
        for (h, fh) in &games {
            assert_eq!(
                store.le(*g, *h),
                form_le(fg, fh),
                "{} <= {}",
                store.display(*g),
                store.display(*h)
            );
        }
    }
}

/// The canonical form of `g` unfolded into a tree.
fn to_form(store: &mut GameStore, g: Game) -> Form {
    let (left, right) = (store.left_options(g), store.right_options(g));
    Form::new(
        left.into_iter().map(|o| to_form(store, o)).collect(),
        right.into_iter().map(|o| to_form(store, o)).collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The part-by-part sum of up-star games agrees with the definition of the sum.
    #[test]
    fn up_star_sums_agree_with_the_definition(a in nus_values(), b in nus_values()) {
        let mut store = GameStore::new();
        let (ga, gb) = (store.nus(&a), store.nus(&b));
        let fast = store.sum(ga, gb);
        let slow = slow_sum(&mut store, ga, gb, &mut std::collections::HashMap::new());
        prop_assert_eq!(fast, slow);
    }
}

//! The tables of Colin Wright's *The Independence Game* (2017), the source of Rob's Dots,
//! checked against our 0.137 sequence. Each test names the table or statement it checks.
//!
//! Statements about positions are checked twice: by the 0.137 values (nim-sums of the
//! sequence) and by brute force, searching the game tree of whole positions move by move
//! ([`Searched`] on heaps, [`DotRows`] on rows of dots), with no nim-sum rule.

use std::collections::BTreeSet;

use grundy_core::{Nimber, Outcome, Ruleset, Solver, mex, naive};
use grundy_octal::{Code, Dots, Heaps, Octal, OctalMove, Sequence};

fn dawson(len: usize) -> Sequence {
    let mut s = Sequence::new(Code::dawson_chess());
    s.extend_to(len).unwrap();
    s
}

/// The blog's "two heap irreducible P positions with total number of tokens up to 47", in its
/// order.
const TWO_HEAP_P: [(usize, usize); 78] = [
    (1, 2),
    (1, 6),
    (1, 7),
    (2, 6),
    (2, 7),
    (6, 7),
    (3, 11),
    (5, 9),
    (3, 12),
    (5, 10),
    (3, 16),
    (9, 10),
    (3, 17),
    (1, 21),
    (11, 12),
    (1, 22),
    (2, 21),
    (5, 18),
    (2, 22),
    (5, 19),
    (11, 16),
    (1, 26),
    (6, 21),
    (9, 18),
    (10, 18),
    (11, 17),
    (12, 16),
    (1, 27),
    (2, 26),
    (3, 25),
    (5, 23),
    (6, 22),
    (7, 21),
    (9, 19),
    (10, 19),
    (12, 17),
    (2, 27),
    (7, 22),
    (6, 26),
    (9, 23),
    (10, 23),
    (16, 17),
    (6, 27),
    (7, 26),
    (3, 31),
    (7, 27),
    (11, 25),
    (1, 35),
    (12, 25),
    (1, 36),
    (18, 19),
    (2, 35),
    (2, 36),
    (3, 37),
    (1, 40),
    (16, 25),
    (18, 23),
    (6, 35),
    (11, 31),
    (13, 29),
    (1, 41),
    (17, 25),
    (19, 23),
    (2, 40),
    (6, 36),
    (7, 35),
    (12, 31),
    (21, 22),
    (2, 41),
    (7, 36),
    (5, 39),
    (15, 30),
    (13, 33),
    (6, 40),
    (16, 31),
    (21, 26),
    (6, 41),
    (7, 40),
];

/// The blog's "equivalence classes" of heaps below 96, "by pairing in two-heap P positions".
const CLASSES: [&[usize]; 6] = [
    &[1, 2, 6, 7, 21, 22, 26, 27, 35, 36, 40, 41, 55, 56, 60, 61, 69, 70, 74, 75, 89, 90, 94, 95],
    &[3, 11, 12, 16, 17, 25, 31, 37, 45, 46, 51, 59, 71, 79, 80, 93],
    &[5, 9, 10, 18, 19, 23, 39, 43, 44, 52, 53, 57, 65, 73, 77, 78, 86, 87, 91],
    &[13, 29, 33, 47, 48, 63, 67, 81, 82],
    &[15, 30, 49, 50, 64, 83, 84],
    &[32, 66],
];

fn g(s: &Sequence, n: usize) -> u32 {
    s.values()[n]
}

/// The table of G-values of heaps 0 to 12.
#[test]
fn g_values_0_to_12() {
    assert_eq!(dawson(13).values(), &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2]);
}

/// "These are the one-heap P-positions up to 100."
#[test]
fn one_heap_p_positions_up_to_100() {
    let s = dawson(101);
    let p: Vec<usize> = (1..=100).filter(|&n| g(&s, n) == 0).collect();
    assert_eq!(p, [4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96]);
}

/// "All the two heap irreducible P-positions with total number of tokens up to 47": pairs
/// `a < b` of equal non-zero value (pairs `(n, n)` and pairs holding a P-heap are reducible).
#[test]
fn two_heap_irreducible_p_positions_up_to_total_47() {
    let blog = TWO_HEAP_P;
    let s = dawson(48);
    let ours: BTreeSet<(usize, usize)> = (1..48)
        .flat_map(|a| (a + 1..48 - a).map(move |b| (a, b)))
        .filter(|&(a, b)| a + b <= 47 && g(&s, a) == g(&s, b) && g(&s, a) != 0)
        .collect();
    let theirs: BTreeSet<(usize, usize)> = blog.into_iter().collect();
    assert_eq!(theirs.len(), blog.len(), "the blog lists no pair twice");
    assert_eq!(ours, theirs);
    // Ordered by total, as the blog says.
    assert!(blog.windows(2).all(|w| w[0].0 + w[0].1 <= w[1].0 + w[1].1));
}

/// The equivalence classes of heaps below 96 "by pairing in two-heap P-positions": each class
/// is exactly the heaps of one non-zero value. Values met only once below 96 (8 and 9, at
/// heaps 68 and 85) pair with nothing there, so the blog, reading classes off pairs, has no
/// class for them.
#[test]
fn equivalence_classes_are_the_value_classes() {
    let classes = CLASSES;
    let s = dawson(96);
    let mut seen = BTreeSet::new();
    for class in classes {
        let v = g(&s, class[0]);
        assert_ne!(v, 0);
        assert!(seen.insert(v), "two classes share value {v}");
        let members: Vec<usize> = (1..96).filter(|&n| g(&s, n) == v).collect();
        assert_eq!(members, class, "class of value {v}");
    }
    // Every other non-zero value below 96 is held by a single heap.
    let lonely: Vec<(usize, u32)> =
        (1..96).map(|n| (n, g(&s, n))).filter(|&(_, v)| v != 0 && !seen.contains(&v)).collect();
    assert_eq!(lonely, [(68, 8), (85, 9)]);
}

/// The period-34 rule: G(n) = 0 for n = 0, 14, 34; G(n) = 2 for n = 16, 17, 31, 51; otherwise
/// the digit at offset n mod 34 of 8112031103322445593301130211045374.
fn blog_rule(n: u64) -> u32 {
    const PERIOD: &[u8; 34] = b"8112031103322445593301130211045374";
    match n {
        0 | 14 | 34 => 0,
        16 | 17 | 31 | 51 => 2,
        _ => u32::from(PERIOD[usize::try_from(n % 34).unwrap()] - b'0'),
    }
}

#[test]
fn period_34_rule_with_its_exceptions() {
    let mut s = Sequence::new(Code::dawson_chess());
    let proof = s.find_period(100_000).unwrap().expect("0.137 is periodic");
    assert_eq!((proof.preperiod(), proof.period()), (52, 34));
    assert!(proof.bound() <= proof.values_checked());
    // Every computed value, and far beyond through the proved period.
    s.extend_to(5_000).unwrap();
    for n in 0..5_000u64 {
        assert_eq!(s.value(n).unwrap().value(), u64::from(blog_rule(n)), "heap {n}");
    }
    for n in [1u64 << 40, 10u64.pow(18), u64::MAX] {
        assert_eq!(s.value(n).unwrap().value(), u64::from(blog_rule(n)), "heap {n}");
    }
}

/// The worked 50-dot game: G(50) = 5; taking an end dot leaves 48 (G = 4), the second dot
/// leaves 47 (G = 4); the winning move marks the 8th dot, leaving 6 and 41 (both G = 1). Then
/// after the opponent leaves (6, 19, 19), taking an end dot of the 6 leaves (4, 19, 19).
#[test]
fn the_worked_50_dot_game() {
    let s = dawson(51);
    assert_eq!((g(&s, 50), g(&s, 48), g(&s, 47)), (5, 4, 4));
    let row = Dots::new(50);
    assert_eq!(row.value().unwrap().value(), 5);
    let winning = row.winning_dots().unwrap();
    assert!(winning.contains(&7), "{winning:?}");
    let after = row.mark(7).unwrap();
    assert_eq!(after.heaps(), [6, 41]);
    assert!(after.value().unwrap().is_zero());
    // The opponent marks the middle of the 41: runs of 6, 19 and 19.
    let reply = after.mark(9 + 20).unwrap();
    assert_eq!(reply.heaps(), [6, 19, 19]);
    let again = reply.winning_dots().unwrap();
    assert!(again.contains(&0), "{again:?}");
    assert_eq!(reply.mark(0).unwrap().heaps(), [4, 19, 19]);
}

/// Odd rows are first-player wins by marking the middle dot (the blog's symmetry argument).
#[test]
fn odd_rows_are_won_by_the_middle_dot() {
    for n in (1..=61).step_by(2) {
        assert!(Dots::new(n).winning_dots().unwrap().contains(&(n / 2)), "{n} dots");
    }
    // "A row of 4 dots is a win for the second player."
    assert!(Dots::new(4).winning_dots().unwrap().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Brute force: whole positions searched move by move.

/// 0.137 on several heaps with the plain rules' moves and sorted positions, but none of the
/// shortcuts of [`Octal`] (no split into heaps, no known values): the solver searches the game
/// tree of the whole position, so its values do not assume the nim-sum rule.
struct Searched(Octal);

impl Searched {
    fn solver() -> Solver<Searched> {
        Solver::new(Searched(Octal::new(Code::dawson_chess())))
    }
}

impl Ruleset for Searched {
    type Position = Heaps;
    type Move = OctalMove;

    fn moves(&self, position: &Heaps, moves: &mut Vec<OctalMove>) {
        self.0.moves(position, moves);
    }

    fn play(&self, position: &Heaps, mv: &OctalMove) -> Heaps {
        self.0.play(position, mv)
    }

    fn canonical(&self, position: &Heaps) -> Heaps {
        self.0.canonical(position)
    }
}

/// Rob's Dots played dot by dot: a position is a whole row, a move marks a dot that
/// [`Dots::can_mark`]. No runs, no heaps, no values: the solver searches the rows themselves.
struct DotRows;

impl Ruleset for DotRows {
    type Position = Dots;
    type Move = usize;

    fn moves(&self, row: &Dots, moves: &mut Vec<usize>) {
        moves.extend((0..row.len()).filter(|&i| row.can_mark(i)));
    }

    fn play(&self, row: &Dots, &dot: &usize) -> Dots {
        row.mark(dot).expect("only markable dots are listed")
    }
}

/// Whether `heaps` is a P-position by search.
fn searched_p(solver: &mut Solver<Searched>, heaps: &[u64]) -> bool {
    solver.outcome(&Heaps::new(heaps)).unwrap().is_p()
}

/// The 0.137 game with its values and proved period: values of positions of any heaps.
fn dawson_game() -> Octal {
    Octal::with_values(Code::dawson_chess(), 200).unwrap()
}

/// Whether `heaps` is a P-position by the nim-sum of the 0.137 values.
fn valued_p(game: &Octal, heaps: &[u64]) -> bool {
    game.value(&Heaps::new(heaps)).unwrap().is_zero()
}

/// A row of dots whose playable runs are `heaps`, in order: runs separated by `.x.` (a marked
/// dot and its two blocked neighbours).
fn row_of(heaps: &[u64]) -> Dots {
    let runs: Vec<String> =
        heaps.iter().map(|&h| ".".repeat(usize::try_from(h).unwrap())).collect();
    let row: Dots = runs.join(".x.").parse().unwrap();
    assert_eq!(row.heaps(), heaps);
    row
}

/// Every position (heaps sorted, no empty heap) of at most `max_heaps` heaps and at most
/// `max_total` tokens, the empty position first.
fn positions(max_total: u64, max_heaps: usize) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut i = 0;
    while i < out.len() {
        let p: Vec<u64> = out[i].clone();
        i += 1;
        if p.len() == max_heaps {
            continue;
        }
        let total: u64 = p.iter().sum();
        for h in p.last().copied().unwrap_or(1)..=max_total - total {
            let mut q = p.clone();
            q.push(h);
            out.push(q);
        }
    }
    out
}

/// `a` and `b` side by side.
fn join(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut heaps = [a, b].concat();
    heaps.sort_unstable();
    heaps
}

/// The positions one move from a heap of `n`, heaps sorted, by the plain 0.137 moves.
fn heap_options(n: u64) -> BTreeSet<Vec<u64>> {
    let game = Octal::new(Code::dawson_chess());
    let start = Heaps::new([n]);
    let moves = game.move_list(&start);
    moves.iter().map(|mv| game.canonical(&game.play(&start, mv)).heaps().to_vec()).collect()
}

/// The runs left by marking each dot of a row of `n` dots, sorted.
fn dot_options(n: usize) -> BTreeSet<Vec<u64>> {
    let row = Dots::new(n);
    (0..n)
        .map(|i| {
            let mut heaps = row.mark(i).unwrap().heaps();
            heaps.sort_unstable();
            heaps
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The option lists.

/// One row of the blog's table "Rob's game heap size | Possible positions after a move |
/// G-values after a move | G-value": the heap, its options as printed, their G-values as
/// printed, and its G-value.
type OptionRow = (u64, &'static [&'static [u64]], &'static [u64], u64);

/// The blog's full table of options, heaps 0 to 12, as printed. Heap 0 reads "None | - | 0".
/// Its first partial version (heaps 0 to 4, the value of 4 still "?") and the one-row tables
/// for 4 ("(1),(2) | 1,1 | 0") and 5 ("(2), (3), (1,1) | 1,2,0 | 3") repeat these rows word
/// for word.
const OPTION_TABLE: [OptionRow; 13] = [
    (0, &[], &[], 0),
    (1, &[&[]], &[0], 1),
    (2, &[&[]], &[0], 1),
    (3, &[&[], &[1]], &[0, 1], 2),
    (4, &[&[1], &[2]], &[1, 1], 0),
    (5, &[&[2], &[3], &[1, 1]], &[1, 2, 0], 3),
    (6, &[&[3], &[4], &[1, 2]], &[2, 0, 0], 1),
    (7, &[&[4], &[5], &[1, 3], &[2, 2]], &[0, 3, 3, 0], 1),
    (8, &[&[5], &[6], &[1, 4], &[2, 3]], &[3, 1, 1, 3], 0),
    (9, &[&[6], &[7], &[1, 5], &[2, 4], &[3, 3]], &[1, 1, 2, 1, 0], 3),
    (10, &[&[7], &[8], &[1, 6], &[2, 5], &[3, 4]], &[1, 0, 0, 2, 2], 3),
    (11, &[&[8], &[9], &[1, 7], &[2, 6], &[3, 5], &[4, 4]], &[0, 3, 0, 0, 1, 0], 2),
    (12, &[&[9], &[10], &[1, 8], &[2, 7], &[3, 6], &[4, 5]], &[3, 3, 1, 0, 3, 3], 2),
];

/// The table of options of heaps 0 to 12: each listed set of positions is exactly the set of
/// 0.137 options of the heap and of the runs left by marking one dot of a row of that many
/// dots; each listed G-value is the option's value (nim-sum of the sequence, and by search of
/// the whole option); each heap's G-value is the mex of its column (by the sequence, by search
/// of the heap and by search of the row of dots).
#[test]
fn option_table_heaps_0_to_12() {
    let s = dawson(13);
    let game = dawson_game();
    let mut solver = Searched::solver();
    let mut rows = Solver::new(DotRows);
    for (n, options, values, value) in OPTION_TABLE {
        let listed: BTreeSet<Vec<u64>> = options.iter().map(|o| o.to_vec()).collect();
        assert_eq!(listed.len(), options.len(), "heap {n}: an option listed twice");
        assert!(options.iter().all(|o| o.is_sorted()), "heap {n}");
        assert_eq!(listed, heap_options(n), "options of heap {n}");
        assert_eq!(listed, dot_options(usize::try_from(n).unwrap()), "options of {n} dots");
        assert_eq!(values.len(), options.len(), "heap {n}");
        for (&option, &v) in options.iter().zip(values) {
            assert_eq!(game.value(&Heaps::new(option)), Some(Nimber::new(v)), "{option:?}");
            assert_eq!(solver.value(&Heaps::new(option)).unwrap(), Nimber::new(v), "{option:?}");
        }
        assert_eq!(mex(values.iter().map(|&v| Nimber::new(v))), Nimber::new(value), "heap {n}");
        assert_eq!(u64::from(g(&s, usize::try_from(n).unwrap())), value, "heap {n}");
        assert_eq!(solver.value(&Heaps::new([n])).unwrap(), Nimber::new(value), "heap {n}");
        let row = Dots::new(usize::try_from(n).unwrap());
        assert_eq!(rows.value(&row).unwrap(), Nimber::new(value), "{n} dots");
        assert_eq!(row.value().unwrap(), Nimber::new(value), "{n} dots");
    }
}

/// The options the blog spells out in words: "If N=1 or N=2 then the only thing we can do is
/// take the entire heap. If N=3 then we can take an endpoint, leaving one dot, or the middle
/// dot, leaving nothing. [...] If N=4 then we can take an endpoint, leaving two dots, or a
/// "middle" dot, leaving 1 dot. [...] If N>=5 then we can: Take two, leaving a single heap
/// with N-2; Take three, leaving a single heap with N-3; Take three, and divide the remaining
/// N-3 into two heaps." (Heap 0, no move, is not mentioned.)
fn options_in_words(n: u64) -> BTreeSet<Vec<u64>> {
    match n {
        0 => BTreeSet::new(),
        1 | 2 => BTreeSet::from([vec![]]),
        3 => BTreeSet::from([vec![1], vec![]]),
        4 => BTreeSet::from([vec![2], vec![1]]),
        _ => [vec![n - 2], vec![n - 3]]
            .into_iter()
            .chain((1..=(n - 3) / 2).map(|a| vec![a, n - 3 - a]))
            .collect(),
    }
}

/// The options in words, heap by heap up to 80: the same sets as the 0.137 moves and as the
/// dots; for N >= 5 the amounts taken are as said (2 leaving N-2, 3 leaving N-3 or two
/// heaps), and dot by dot an end dot leaves N-2, the dot next to it N-3, any other dot two
/// runs. Also "Starting from (3) we can move either to () or (1)" and "(5), which has possible
/// destination positions of (2), (3), and (1,1)".
#[test]
fn option_lists_in_words() {
    let game = Octal::new(Code::dawson_chess());
    for n in 0..=80u64 {
        let size = usize::try_from(n).unwrap();
        assert_eq!(options_in_words(n), heap_options(n), "heap {n}");
        assert_eq!(options_in_words(n), dot_options(size), "{n} dots");
        if n >= 5 {
            for mv in game.move_list(&Heaps::new([n])) {
                match (mv.take(), mv.rest()) {
                    (2, &[m]) => assert_eq!(m, n - 2),
                    (3, &[m]) => assert_eq!(m, n - 3),
                    (3, &[a, b]) => assert_eq!(a + b, n - 3),
                    _ => panic!("heap {n}: unexpected move {mv}"),
                }
            }
            let row = Dots::new(size);
            for i in 0..size {
                let left = row.mark(i).unwrap().heaps();
                let want = match i.min(size - 1 - i) {
                    0 => vec![n - 2],
                    1 => vec![n - 3],
                    _ => vec![u64::try_from(i - 1).unwrap(), n - 2 - u64::try_from(i).unwrap()],
                };
                assert_eq!(left, want, "dot {i} of {n}");
            }
        }
    }
    // The small rows dot by dot: "take an endpoint, leaving one dot, or the middle dot".
    assert_eq!(Dots::new(3).mark(0).unwrap().heaps(), [1]);
    assert_eq!(Dots::new(3).mark(1).unwrap().heaps(), [0u64; 0]);
    assert_eq!(Dots::new(4).mark(0).unwrap().heaps(), [2]);
    assert_eq!(Dots::new(4).mark(1).unwrap().heaps(), [1]);
    assert_eq!(heap_options(3), BTreeSet::from([vec![], vec![1]]));
    assert_eq!(heap_options(5), BTreeSet::from([vec![2], vec![3], vec![1, 1]]));
}

/// "Looking at these we can list the sizes that all have the same G-value: 0: 0, 4, 8, ...
/// 1: 1, 2, 6, 7, ... 2: 3, 11, 12, ... 3: 5, 9, 10, ... Lo and behold, these are exactly the
/// starts of the lists of equivalent numbers that we listed above": the heaps up to 12 of each
/// value, and the starts of the classes (and, for value 0, of the one-heap P-positions).
#[test]
fn value_classes_start_as_listed() {
    let starts: [(u32, &[usize]); 4] =
        [(0, &[0, 4, 8]), (1, &[1, 2, 6, 7]), (2, &[3, 11, 12]), (3, &[5, 9, 10])];
    let s = dawson(13);
    let mut solver = Searched::solver();
    for (v, start) in starts {
        let ours: Vec<usize> = (0..=12).filter(|&n| g(&s, n) == v).collect();
        assert_eq!(ours, start, "value {v}");
        for &n in start {
            let heap = Heaps::new([u64::try_from(n).unwrap()]);
            assert_eq!(solver.value(&heap).unwrap(), Nimber::new(u64::from(v)), "heap {n}");
        }
        if v == 0 {
            // The one-heap P-positions "4, 8, 14, ...", after the empty position.
            assert_eq!(start[1..], [4, 8]);
        } else {
            let class = CLASSES.iter().find(|c| c[0] == start[0]).expect("a class");
            assert_eq!(class[..start.len()], *start, "value {v}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// P-positions of several heaps.

/// Whether the P-position `heaps` is a combination of two or more non-trivial P-positions:
/// some non-empty proper part of it has nim-sum 0 (by search of the part).
fn reducible(solver: &mut Solver<Searched>, heaps: &[u64]) -> bool {
    assert!(heaps.len() < 16);
    let full = (1u32 << heaps.len()) - 1;
    (1..full).any(|mask| {
        let part: Vec<u64> = heaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .map(|(_, &h)| h)
            .collect();
        searched_p(solver, &part)
    })
}

/// The P-positions of three heaps the blog names: "(3,5,6) is a P position", "Is (5,6,16) a P
/// position? Yes.", "(3,7,9) is a P position", "there is a triple (2,10,17) and we also have
/// (7,10,17)". All are P-positions and irreducible (no heap of value 0, no two heaps of one
/// value), by values, by search of the heaps and by the values of the dot rows; the smaller
/// ones also by search of the dot rows (rows of 20 and 25 dots).
#[test]
fn the_named_triples_are_irreducible_p_positions() {
    const TRIPLES: [[u64; 3]; 5] = [[3, 5, 6], [5, 6, 16], [3, 7, 9], [2, 10, 17], [7, 10, 17]];
    let game = dawson_game();
    let mut solver = Searched::solver();
    let mut rows = Solver::new(DotRows);
    for t in TRIPLES {
        assert!(valued_p(&game, &t), "{t:?}");
        assert!(searched_p(&mut solver, &t), "{t:?}");
        assert!(!reducible(&mut solver, &t), "{t:?}");
        let row = row_of(&t);
        assert!(row.value().unwrap().is_zero(), "{t:?}");
        assert!(row.winning_dots().unwrap().is_empty(), "{t:?}");
        if row.len() <= 25 {
            assert!(rows.outcome(&row).unwrap().is_p(), "{t:?} as dots");
        }
    }
}

/// The reducible P-positions the blog names: "(2,2,4) is reducible" (made of (2,2) and (4));
/// "(5,6,7,9) [...] we look through our program output and don't find it [...] because
/// (5,6,7,9) is reducible, being made up of (5,9) and (6,7). So it is a P position". Both are
/// P-positions; (5,9) and (6,7) are the only proper parts of (5,6,7,9) of nim-sum 0 and are in
/// the blog's pair list, as are the pairs it quotes elsewhere: (3,16), (3,11), (11,25),
/// (3,25), (2,7). And "(3,3), (11,11), (25,25)", (4), and "(1,1)" of G-value 0.
#[test]
fn the_named_reducible_and_paired_p_positions() {
    let game = dawson_game();
    let mut solver = Searched::solver();
    for p in [&[2, 2, 4][..], &[5, 6, 7, 9], &[3, 3], &[11, 11], &[25, 25], &[4], &[1, 1], &[]] {
        assert!(valued_p(&game, p), "{p:?}");
        assert!(searched_p(&mut solver, p), "{p:?}");
    }
    assert!(reducible(&mut solver, &[2, 2, 4]));
    assert!(reducible(&mut solver, &[5, 6, 7, 9]));
    let heaps = [5u64, 6, 7, 9];
    let zero_parts: Vec<Vec<u64>> = (1..15u32)
        .map(|mask| (0..4).filter(|i| mask >> i & 1 == 1).map(|i| heaps[i]).collect::<Vec<_>>())
        .filter(|part| searched_p(&mut solver, part))
        .collect();
    assert_eq!(zero_parts, [vec![6, 7], vec![5, 9]]);
    for pair in [(5, 9), (6, 7), (3, 16), (3, 11), (11, 25), (3, 25), (2, 7)] {
        assert!(TWO_HEAP_P.contains(&pair), "{pair:?}");
    }
    assert!(!TWO_HEAP_P.iter().any(|&(a, b)| a == b), "(n, n) is reducible");
    assert!(row_of(&[5, 6, 7, 9]).winning_dots().unwrap().is_empty());
}

/// "Whenever there are two components of the same size [...] whatever one player does in one,
/// the other can mimic in the other, and so it's a second player win. Likewise in Nim, if
/// there are two heaps of equal size then the second player can mimic the first player's
/// moves and win"; "(n,n) is a P position for any (positive integer) value n".
///
/// Holds when the two equal components are the whole position, and more generally when the
/// rest is itself a P-position. Read literally ("whenever there are two components of the
/// same size") it is false: the smallest counterexample, for 0.137, for rows of dots and for
/// Nim alike, is (1, 1, 1), a first-player win.
#[test]
fn two_equal_components_are_a_second_player_win() {
    let game = dawson_game();
    let mut solver = Searched::solver();
    let mut rows = Solver::new(DotRows);
    for n in 1..=2_000u64 {
        assert!(valued_p(&game, &[n, n]), "({n}, {n})");
        assert!(row_of(&[n, n]).value().unwrap().is_zero(), "({n}, {n}) as dots");
    }
    for n in 1..=24u64 {
        assert!(searched_p(&mut solver, &[n, n]), "({n}, {n})");
    }
    for n in 1..=8u64 {
        assert!(rows.outcome(&row_of(&[n, n])).unwrap().is_p(), "({n}, {n}) as dots");
    }
    // With any P-position beside them, by search.
    for rest in positions(10, 4) {
        if searched_p(&mut solver, &rest) {
            for n in 1..=6 {
                assert!(searched_p(&mut solver, &join(&rest, &[n, n])), "{rest:?} + ({n}, {n})");
            }
        }
    }
    // The literal reading: the first position (by total) with two equal components that is a
    // first-player win.
    let first = positions(6, 6)
        .into_iter()
        .filter(|p| p.windows(2).any(|w| w[0] == w[1]))
        .filter(|p| !searched_p(&mut solver, p))
        .min_by_key(|p| p.iter().sum::<u64>())
        .unwrap();
    assert_eq!(first, [1, 1, 1]);
    assert!(!valued_p(&game, &[1, 1, 1]));
    assert!(rows.outcome(&row_of(&[1, 1, 1])).unwrap().is_n());
    // Nim, searched heap by heap.
    for n in 1..=8u8 {
        assert!(naive::outcome(&Nim, &vec![n, n]).is_p(), "Nim ({n}, {n})");
    }
    assert!(naive::outcome(&Nim, &vec![1, 1, 1]).is_n());
}

/// Nim: a move lowers one heap to any smaller size. Searched without the nim-sum rule.
struct Nim;

impl Ruleset for Nim {
    type Position = Vec<u8>;
    type Move = (usize, u8);

    fn moves(&self, heaps: &Vec<u8>, moves: &mut Vec<(usize, u8)>) {
        for (i, &h) in heaps.iter().enumerate() {
            moves.extend((0..h).map(|left| (i, left)));
        }
    }

    fn play(&self, heaps: &Vec<u8>, &(i, left): &(usize, u8)) -> Vec<u8> {
        let mut next = heaps.clone();
        next[i] = left;
        next
    }
}

/// The blog's equivalences, by search of whole positions (small sizes) and by values:
///
/// - "A heap with one token is [...] exactly the same as a heap with two tokens [...] every
///   time there is a P position with a 2 in it, we can replace the 2 with a 1";
/// - "if we have (a,b) and (b,c), do we then also have (a,c)?? Actually, it appears that we
///   do";
/// - "two numbers a and b such that (a,b) is a P position are, in terms of P positions,
///   'equal'": (a) + X is P exactly when (b) + X is;
/// - "(3,5,6) is a P position, so perhaps every P position that has a 3 in it can have that 3
///   replaced by 5 and 6";
/// - "whenever we have a triple tuple (a,b,c) it would appear that (a) is equivalent to
///   (b,c)": (a) + X is P exactly when (b, c) + X is.
#[test]
fn heap_equivalences() {
    let game = dawson_game();
    let mut solver = Searched::solver();
    let is_p = |solver: &mut Solver<Searched>, p: &[u64]| {
        let searched = searched_p(solver, p);
        assert_eq!(searched, valued_p(&game, p), "{p:?}");
        searched
    };
    // 1 = 2: the same options (for the dots too), and 2 -> 1 keeps P-positions.
    assert_eq!(heap_options(1), heap_options(2));
    assert_eq!(dot_options(1), dot_options(2));
    let small = positions(22, 6);
    for p in &small {
        if let Some(i) = p.iter().position(|&h| h == 2) {
            let mut q = p.clone();
            q[i] = 1;
            assert_eq!(is_p(&mut solver, p), is_p(&mut solver, &q), "{p:?}");
        }
        // 3 -> (5, 6).
        if let Some(i) = p.iter().position(|&h| h == 3) {
            let mut q = p.clone();
            q.remove(i);
            let q = join(&q, &[5, 6]);
            if is_p(&mut solver, p) {
                assert!(is_p(&mut solver, &q), "{p:?} -> {q:?}");
            }
        }
    }
    // Transitivity of P pairs.
    let pair_p = |a: u64, b: u64| valued_p(&game, &[a, b]);
    for a in 1..=120 {
        for b in 1..=120 {
            if pair_p(a, b) {
                for c in 1..=120 {
                    assert!(!pair_p(b, c) || pair_p(a, c), "({a},{b}), ({b},{c})");
                }
            }
        }
    }
    for a in 1..=14u64 {
        for b in 1..=14 {
            for c in 1..=14 {
                if is_p(&mut solver, &[a, b]) && is_p(&mut solver, &[b, c]) {
                    assert!(is_p(&mut solver, &[a, c]), "({a},{b}), ({b},{c})");
                }
            }
        }
    }
    // P pairs are equivalent heaps, and a P triple makes each heap equivalent to the other two.
    let others = positions(10, 3);
    for (a, b) in (1..=12u64).flat_map(|a| (a..=12).map(move |b| (a, b))) {
        if is_p(&mut solver, &[a, b]) {
            for x in &others {
                assert_eq!(
                    is_p(&mut solver, &join(&[a], x)),
                    is_p(&mut solver, &join(&[b], x)),
                    "({a},{b}) with {x:?}"
                );
            }
        }
    }
    for t in positions(18, 3).into_iter().filter(|t| t.len() == 3) {
        if is_p(&mut solver, &t) {
            for k in 0..3 {
                let (one, two) = (t[k], [t[(k + 1) % 3], t[(k + 2) % 3]]);
                for x in &others {
                    assert_eq!(
                        is_p(&mut solver, &join(&[one], x)),
                        is_p(&mut solver, &join(&two, x)),
                        "{t:?}: ({one}) vs {two:?} with {x:?}"
                    );
                }
            }
        }
    }
    // The same by values, further: triples of heaps up to 40 against every single heap to 60.
    for t in positions(120, 3).into_iter().filter(|t| t.len() == 3 && t[2] <= 40) {
        if valued_p(&game, &t) {
            for x in 1..=60 {
                for k in 0..3 {
                    let two = [t[(k + 1) % 3], t[(k + 2) % 3], x];
                    assert_eq!(valued_p(&game, &[t[k], x]), valued_p(&game, &two), "{t:?} {x}");
                }
            }
        }
    }
    // The blog's instances.
    assert!(is_p(&mut solver, &[3, 11]) && is_p(&mut solver, &[11, 25]));
    assert!(is_p(&mut solver, &[3, 25]));
    assert!(is_p(&mut solver, &[3, 16]) && is_p(&mut solver, &[5, 6, 16]));
    assert!(is_p(&mut solver, &[3, 7, 9]) && is_p(&mut solver, &[5, 6, 7, 9]));
    assert!(is_p(&mut solver, &[2, 7]) && is_p(&mut solver, &[2, 10, 17]));
    assert!(is_p(&mut solver, &[7, 10, 17]));
}

/// "The Nim-sum of 1, 2, and 5, is 6"; "the G-value of (1,1) is [...] 1 XOR 1, which is 0";
/// "Given a configuration, convert all heaps to their G-values, and then XOR them all together.
/// This gives the G-value of the configuration. If the result is 0 then [...] we have lost";
/// "look at every possible move [...] and choose the one that gives an answer of 0. There will
/// always be one"; and the simplifications: "If there's a component whose G-value is 0 then
/// you can ignore it; If there are two components with the same G-value you can ignore them;
/// If there's a sub-collection of heaps whose XOR of their G-values is 0, you can ignore them":
/// with a part of nim-sum 0 beside it, a position keeps its outcome and its winning moves stay
/// winning.
#[test]
fn nim_sum_rule_and_winning_moves() {
    assert_eq!(Nimber::new(1) + Nimber::new(2) + Nimber::new(5), Nimber::new(6));
    let game = dawson_game();
    let mut solver = Searched::solver();
    assert_eq!(solver.value(&Heaps::new([1, 1])).unwrap(), Nimber::ZERO);
    for p in positions(26, 26) {
        let heaps = Heaps::new(p.clone());
        let xor = game.value(&heaps).unwrap();
        assert_eq!(solver.value(&heaps).unwrap(), xor, "{p:?}");
        let mut winning = game.winning_moves(&heaps).unwrap();
        assert_eq!(winning.is_empty(), xor.is_zero(), "{p:?}");
        if p.iter().sum::<u64>() <= 16 {
            let mut searched = solver.winning_moves(&heaps).unwrap();
            searched.sort();
            winning.sort();
            assert_eq!(searched, winning, "{p:?}");
        }
    }
    // The naive solver (no table, no canonical forms) on the smallest positions.
    for p in positions(10, 10) {
        let heaps = Heaps::new(p.clone());
        assert_eq!(
            naive::value(&Octal::new(Code::dawson_chess()), &heaps),
            game.value(&heaps).unwrap(),
            "{p:?}"
        );
    }
    // Ignoring a part of nim-sum 0.
    let all = positions(12, 4);
    let zero_parts: Vec<&Vec<u64>> = all.iter().filter(|z| searched_p(&mut solver, z)).collect();
    for x in &all {
        let winning = solver.winning_moves(&Heaps::new(x.clone())).unwrap();
        for &z in &zero_parts {
            let whole = Heaps::new([&x[..], z].concat());
            assert_eq!(
                solver.outcome(&whole).unwrap(),
                solver.outcome(&Heaps::new(x.clone())).unwrap(),
                "{x:?} + {z:?}"
            );
            for mv in &winning {
                let after = game.play_move(&whole, mv);
                assert!(solver.outcome(&after).unwrap().is_p(), "{x:?} + {z:?}: {mv}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rows of dots.

/// "Pick a graph, then we take it in turns to pick a vertex to add to an independent set.
/// First one who can't do that wins. Played on a general graph this game is called
/// 'Monochrome'. [...] Rob's Dots game is 'Monochrome' where the chosen graph is a path."
///
/// False as written: "first one who can't do that wins" is misère play, while Rob's Dots is
/// "if you thereby can't move, you lose" (normal play), and the two differ already on a row of
/// one dot: a misère second-player win, where the blog (and normal play) has "a row with just
/// 1 or 2 dots is a win for the first player". A row of 4 dots likewise is a misère
/// first-player win. With "loses" for "wins" (Monochrome's usual rule), the identification
/// holds: it is how [`DotRows`] plays.
#[test]
fn monochrome_as_written_is_misere() {
    let mut rows = Solver::new(DotRows);
    for (n, normal, misere) in
        [(1, Outcome::N, Outcome::P), (2, Outcome::N, Outcome::P), (4, Outcome::P, Outcome::N)]
    {
        assert_eq!(rows.outcome(&Dots::new(n)).unwrap(), normal, "{n} dots");
        assert_eq!(rows.misere_outcome(&Dots::new(n)).unwrap(), misere, "{n} dots, misère");
    }
    // The smallest row where the two rules differ.
    let first = (1..10).find(|&n| {
        rows.outcome(&Dots::new(n)).unwrap() != rows.misere_outcome(&Dots::new(n)).unwrap()
    });
    assert_eq!(first, Some(1));
}

/// The small rows: "a row with just 1 or 2 dots is a win for the first player [...] A row of
/// 3 dots is a win for the first player if they choose the middle dot. If they are foolish
/// enough to choose an end dot then the second player still has a place to play, takes it,
/// and wins"; "a row of 4 dots is a win for the second player"; and the question left to the
/// reader, "whether the 6 dot game is a win for the first or second player": the first, by
/// marking an end dot, the third dot or the fourth.
///
/// The example game of 6 dots (its pictures are lost in the text copy): "Player 1 takes a dot
/// somewhere in the middle [...] Player 2 removes the left-most dot, leaving the two on the
/// far right. Player 1 then wins by taking one of the remaining dots, which also eliminates
/// the other". Only marking the third dot first lets the left-most dot leave exactly two
/// dots on the right, so that is the game; its first move is a winning one.
#[test]
fn small_rows_and_the_6_dot_example() {
    let mut rows = Solver::new(DotRows);
    for n in [1, 2] {
        assert!(rows.outcome(&Dots::new(n)).unwrap().is_n());
        assert_eq!(Dots::new(n).winning_dots().unwrap(), (0..n).collect::<Vec<_>>());
    }
    let three = Dots::new(3);
    assert_eq!(three.winning_dots().unwrap(), [1]);
    assert_eq!(rows.winning_moves(&three).unwrap(), [1]);
    for end in [0, 2] {
        let after = three.mark(end).unwrap();
        let reply: Vec<usize> = (0..3).filter(|&i| after.can_mark(i)).collect();
        assert_eq!(reply.len(), 1, "one place left to play");
        assert!(rows.outcome(&after.mark(reply[0]).unwrap()).unwrap().is_p());
        assert!(DotRows.is_terminal(&after.mark(reply[0]).unwrap()));
    }
    assert!(rows.outcome(&Dots::new(4)).unwrap().is_p());
    let six = Dots::new(6);
    assert!(rows.outcome(&six).unwrap().is_n());
    assert_eq!(six.winning_dots().unwrap(), [0, 2, 3, 5]);
    let mut searched = rows.winning_moves(&six).unwrap();
    searched.sort_unstable();
    assert_eq!(searched, [0, 2, 3, 5]);
    // The example game.
    let middles: Vec<usize> =
        (1..5).filter(|&i| six.mark(i).unwrap().mark(0).is_ok_and(|r| r.heaps() == [2])).collect();
    assert_eq!(middles, [2]);
    let after = six.mark(2).unwrap();
    assert_eq!(after.heaps(), [1, 2]);
    assert!(after.value().unwrap().is_zero());
    let after = after.mark(0).unwrap().mark(4).unwrap();
    assert!(DotRows.is_terminal(&after), "player 2 cannot move: player 1 wins");
}

/// The worked 50-dot game's search for a split: "Taking an interior point removes 3 from
/// consideration, so we look at pairs of numbers that add up to 47 and see if we can find two
/// that have the same G-value", with the values the blog quotes, up to the first pair that
/// wins. Each pair is what marking dot `a + 2` leaves, and wins exactly when its values agree.
#[test]
fn the_50_dot_game_split_search() {
    /// "(1,46) : g(1)=1, g(46)=2, nope; (2,45) : g(2)=1, g(45)=2, nope; (3,44) : g(3)=2,
    /// g(44)=3, nope; (4,43) : g(4)=0, g(43)=3, nope; (5,42) : g(5)=3, g(42)=0, nope; (6,41) :
    /// g(6)=1, g(41)=1, we have a winning move!"
    const PAIRS: [(usize, u32, usize, u32, bool); 6] = [
        (1, 1, 46, 2, false),
        (2, 1, 45, 2, false),
        (3, 2, 44, 3, false),
        (4, 0, 43, 3, false),
        (5, 3, 42, 0, false),
        (6, 1, 41, 1, true),
    ];
    let s = dawson(51);
    let row = Dots::new(50);
    let winning = row.winning_dots().unwrap();
    let mut solver = Searched::solver();
    for (a, ga, b, gb, wins) in PAIRS {
        assert_eq!(a + b, 47);
        assert_eq!((g(&s, a), g(&s, b)), (ga, gb), "({a},{b})");
        let left = row.mark(a + 1).unwrap();
        let heaps = [u64::try_from(a).unwrap(), u64::try_from(b).unwrap()];
        assert_eq!(left.heaps(), heaps);
        assert_eq!(winning.contains(&(a + 1)), wins, "({a},{b})");
        assert_eq!(searched_p(&mut solver, &heaps), wins, "({a},{b})");
    }
    // Every winning dot of the 50, for the record.
    assert_eq!(winning, [7, 8, 17, 22, 27, 32, 41, 42]);
}

/// The examples of the period rule and its range: "a heap of size 32 has G-value 7, as does
/// a heap of size 66. A heap of size 20 has a G-value of 0, and so does a heap of size 54",
/// and "for this game the G-value is never bigger than 9". By the proved period, 9 is the
/// largest value of every heap, reached first at 85.
#[test]
fn period_rule_examples_and_largest_value() {
    for (n, v) in [(32u64, 7u32), (66, 7), (20, 0), (54, 0)] {
        assert_eq!(blog_rule(n), v, "heap {n}");
    }
    let s = dawson(67);
    assert_eq!([32, 66, 20, 54].map(|n| g(&s, n)), [7, 7, 0, 0]);
    let mut solver = Searched::solver();
    assert_eq!(solver.value(&Heaps::new([20])).unwrap(), Nimber::ZERO);
    assert_eq!(solver.value(&Heaps::new([32])).unwrap(), Nimber::new(7));
    let mut s = Sequence::new(Code::dawson_chess());
    let proof = s.find_period(1_000).unwrap().unwrap();
    // Heaps past the pre-period repeat the last period, so these values are all there are.
    let all = &s.values()[..proof.preperiod() + proof.period()];
    assert_eq!(all.iter().max(), Some(&9));
    assert_eq!(all.iter().position(|&v| v == 9), Some(85));
}

/// "0.137 [...] The first digit says what you're allowed to do if you take one token from a
/// heap. [...] Leave nothing - yes; Leave a single non-empty heap - no; Leave two heaps - no.
/// So that's encoded as the binary number 001, which is 1. The second digit [...] take two
/// tokens [...] Leave nothing - yes; Leave a single non-empty heap - yes; Leave two heaps -
/// no. [...] 011, which is 3. And so on": the code's digits, and the moves of heaps up to 30
/// by amount taken and heaps left.
#[test]
fn the_code_0_137_digit_by_digit() {
    let code: Code = "0.137".parse().unwrap();
    assert_eq!(code, Code::dawson_chess());
    assert_eq!(code.digits(), [0, 1, 3, 7]);
    // Which (take, heaps left) pairs occur among the moves: bit k of digit j is "take j,
    // leave k heaps".
    let game = Octal::new(code);
    let mut seen = BTreeSet::new();
    for n in 0..=30 {
        for mv in game.move_list(&Heaps::new([n])) {
            seen.insert((mv.take(), mv.rest().len()));
        }
    }
    assert_eq!(seen, BTreeSet::from([(1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]));
}

/// "Officers, which is 0.6 [...] We don't know if that's periodic": no period is proved from
/// its first 20,000 values (a check of the statement, not a proof that there is none).
#[test]
fn officers_has_no_known_period() {
    let mut officers = Sequence::new("0.6".parse().unwrap());
    assert!(officers.find_period(20_000).unwrap().is_none());
    assert!(officers.len() >= 20_000);
}

/// Whether a row is a P-position, by plain search over the marking rule itself (no runs, no
/// 0.137 values), memoised on the text of the row.
fn row_is_p(row: &Dots, memo: &mut std::collections::HashMap<String, bool>) -> bool {
    let key = row.to_string();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let p = (0..row.len()).all(|i| row.mark(i).map_or(true, |next| !row_is_p(&next, memo)));
    memo.insert(key, p);
    p
}

#[test]
fn winning_dots_are_the_moves_to_p_positions_on_every_row_up_to_12_dots() {
    let mut memo = std::collections::HashMap::new();
    let mut rows = 0;
    for n in 0..=12usize {
        for mask in 0u32..1 << n {
            if mask & (mask >> 1) != 0 {
                continue; // two adjacent marks: not a row reached by play
            }
            let text: String = (0..n).map(|i| if mask >> i & 1 == 1 { 'x' } else { '.' }).collect();
            let row: Dots = text.parse().unwrap();
            let expected: Vec<usize> = (0..n)
                .filter(|&i| row.mark(i).is_ok_and(|next| row_is_p(&next, &mut memo)))
                .collect();
            assert_eq!(row.winning_dots().unwrap(), expected, "{text}");
            rows += 1;
        }
    }
    assert_eq!(rows, 985); // F(2) + ... + F(14) = F(16) - 2 rows without adjacent marks
}

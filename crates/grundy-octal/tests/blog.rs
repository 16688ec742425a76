//! The tables of Colin Wright's *The Independence Game* (2017), the source of Rob's Dots,
//! checked against our 0.137 sequence. Each test names the table it checks.

use std::collections::BTreeSet;

use grundy_octal::{Code, Dots, Sequence};

fn dawson(len: usize) -> Sequence {
    let mut s = Sequence::new(Code::dawson_chess());
    s.extend_to(len).unwrap();
    s
}

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
    let blog = [
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
    let classes: [&[usize]; 6] = [
        &[
            1, 2, 6, 7, 21, 22, 26, 27, 35, 36, 40, 41, 55, 56, 60, 61, 69, 70, 74, 75, 89, 90, 94,
            95,
        ],
        &[3, 11, 12, 16, 17, 25, 31, 37, 45, 46, 51, 59, 71, 79, 80, 93],
        &[5, 9, 10, 18, 19, 23, 39, 43, 44, 52, 53, 57, 65, 73, 77, 78, 86, 87, 91],
        &[13, 29, 33, 47, 48, 63, 67, 81, 82],
        &[15, 30, 49, 50, 64, 83, 84],
        &[32, 66],
    ];
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

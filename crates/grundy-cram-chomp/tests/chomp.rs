//! Chomp against plain recursion: every hook of the ruleset on random small bars and on every
//! bar of up to 6 rows and 6 columns, the known values and winning moves, and the text form.

use std::collections::HashMap;

use grundy_core::{Config, Method, Nimber, Outcome, Ruleset, Solver, mex, naive};
use grundy_cram_chomp::chomp::MAX_SIDE;
use grundy_cram_chomp::{Chomp, ChompBar, ChompError};
use grundy_testkit::random::{self, Rng};
use proptest::prelude::*;

/// The value of `position` by mex over the rules alone (moves and play), remembered by
/// position: no symmetries or closed forms.
fn plain(game: &Chomp, position: u64, memo: &mut HashMap<u64, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(&position) {
        return v;
    }
    let children: Vec<Nimber> = game
        .move_list(&position)
        .iter()
        .map(|m| plain(game, game.play(&position, m), memo))
        .collect();
    let v = mex(children);
    memo.insert(position, v);
    v
}

/// Every bar within `rows × cols`, as positions.
fn bars(rows: u32, cols: u32) -> Vec<u64> {
    // Row lengths from the bottom, never increasing, the first at least 1.
    let mut all = Vec::new();
    let mut stack = vec![(0u64, 0u32, u64::from(cols))];
    while let Some((position, r, longest)) = stack.pop() {
        if r > 0 {
            all.push(position);
        }
        if r == rows {
            continue;
        }
        let first = u64::from(r == 0);
        for len in first.max(1)..=longest {
            stack.push((position | len << (4 * r), r + 1, len));
        }
    }
    all
}

/// The number of squares of a bar.
fn squares(position: u64) -> u64 {
    (0..16).map(|r| position >> (4 * r) & 15).sum()
}

/// Checks every hook of `game` at `position` against `value_of`.
fn check_hooks(game: &Chomp, position: u64, value_of: &mut dyn FnMut(u64) -> Nimber) {
    let value = value_of(position);
    let moves = game.move_list(&position);
    assert_eq!(game.is_terminal(&position), moves.is_empty(), "{position:#x}");
    let canonical = game.canonical(&position);
    assert!(ChompBar::from_position(canonical).is_ok(), "{position:#x}");
    assert_eq!(game.word_key(&canonical), Some(canonical));
    assert_eq!(value_of(canonical), value, "canonical form of {position:#x}");
    let bar = ChompBar::from_position(position).unwrap();
    let heights = bar.column_heights();
    let mirror = ChompBar::from_column_heights(&bar.row_lengths()).unwrap();
    assert_eq!(mirror.row_lengths(), heights, "{position:#x}");
    assert_eq!(game.canonical(&mirror.position()), canonical, "{position:#x}");
    if let Some(known) = game.known_value(&position) {
        assert_eq!(known, value, "known value of {position:#x}");
    }
    if let Some(outcome) = game.known_outcome(&position) {
        assert_eq!(outcome, Outcome::from_value(value), "known outcome of {position:#x}");
    }
    assert_eq!(bar.to_string().parse::<ChompBar>().unwrap(), bar);
}

/// Every hook on every bar of up to 6 rows and 6 columns, against the plain values.
#[test]
fn hooks_agree_with_plain_values_on_every_bar() {
    let game = Chomp::new(6, 6).unwrap();
    let mut memo = HashMap::new();
    let all = bars(6, 6);
    assert_eq!(all.len(), 923, "C(12, 6) - 1 bars");
    let (mut ls, mut decided) = (0, 0);
    for &position in &all {
        check_hooks(&game, position, &mut |p| plain(&game, p, &mut memo));
        ls += usize::from(game.known_value(&position).is_some());
        decided += usize::from(game.known_outcome(&position).is_some());
    }
    assert_eq!(ls, 36, "the Ls of arms 1 to 6");
    assert!(decided > 36, "rectangles and two-row bars");
}

proptest! {
    /// On random bars of up to 4 rows, 4 columns and 12 squares, every hook agrees with plain recursion
    /// (`naive::value`), and so do both of the solver's methods.
    #[test]
    fn hooks_agree_with_naive_recursion(index in any::<prop::sample::Index>()) {
        // At most 12 squares: plain recursion on the full 4 x 4 bar takes seconds.
        let all: Vec<u64> = bars(4, 4).into_iter().filter(|p| squares(*p) <= 12).collect();
        let position = all[index.index(all.len())];
        let game = Chomp::new(4, 4).unwrap();
        check_hooks(&game, position, &mut |p| naive::value(&game, &p));
        let plain = naive::value(&game, &position);
        prop_assert_eq!(Solver::new(&game).value(&position).unwrap(), plain);
        let pruned = Config::default().with_method(Method::Pruned);
        prop_assert_eq!(Solver::with_config(&game, pruned).value(&position).unwrap(), plain);
        prop_assert_eq!(game.bar(position).unwrap().position(), position);
    }

    /// Any text parses into a bar that prints and parses back, or is refused with an error
    /// that names it.
    #[test]
    fn text_round_trips(text in "[0-9x, ]{0,12}") {
        match text.parse::<ChompBar>() {
            Ok(bar) => prop_assert_eq!(bar.to_string().parse::<ChompBar>().unwrap(), bar),
            Err(e) => {
                let message = e.to_string();
                prop_assert!(message.contains(text.trim()) || message.contains("Chomp bar"), "{}", message);
            }
        }
    }
}

/// Rectangles other than 1 x 1 are first-player wins (strategy stealing); the square's
/// winning bite is (1, 1), leaving an L of equal arms; a bar of two rows is won by biting its
/// top-right square; a single row of n squares is Nim with a heap of n - 1.
#[test]
fn known_values_and_winning_moves() {
    for rows in 1..=6 {
        for cols in 1..=6 {
            let game = Chomp::new(rows, cols).unwrap();
            let mut solver = Solver::new(&game);
            let outcome = solver.outcome(&game.start()).unwrap();
            let expected = if rows * cols == 1 { Outcome::P } else { Outcome::N };
            assert_eq!(outcome, expected, "{rows}x{cols}");
        }
    }
    for n in 2..=9u8 {
        let game = Chomp::new(n.into(), n.into()).unwrap();
        let moves = Solver::new(&game).winning_moves(&game.start()).unwrap();
        assert_eq!(moves, [(1, 1)], "{n}x{n}");
        let game = Chomp::new(2, n.into()).unwrap();
        let moves = Solver::new(&game).winning_moves(&game.start()).unwrap();
        assert_eq!(moves, [(1, n - 1)], "2x{n}");
        let game = Chomp::new(1, n.into()).unwrap();
        assert_eq!(naive::value(&game, &game.start()), Nimber::new(u64::from(n) - 1));
    }
    // igsolve: the 6 x 6 bar is *13.
    let game = Chomp::new(6, 6).unwrap();
    assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), Nimber::new(13));
    // An L of arms 4 and 6 (Nim 3 and 5).
    let bar: ChompBar = "6,1,1,1".parse().unwrap();
    assert_eq!(bar.game().known_value(&bar.position()), Some(Nimber::new(3 ^ 5)));
}

#[test]
fn text_form_and_errors() {
    let bar: ChompBar = "10x10".parse().unwrap();
    assert_eq!((bar.rows(), bar.cols()), (10, 10));
    assert_eq!(bar.game(), Chomp::new(10, 10).unwrap());
    assert_eq!(bar.position(), Chomp::new(10, 10).unwrap().start());
    let bar: ChompBar = "4, 3 3,1".parse().unwrap();
    assert_eq!(bar.to_string(), "4,3,3,1");
    assert_eq!(bar.row_lengths(), [4, 3, 3, 1]);
    assert_eq!(bar.column_heights(), [4, 3, 3, 1]);
    assert_eq!(bar.position(), 0x1334);
    assert_eq!("1".parse::<ChompBar>().unwrap().to_string(), "1x1");
    assert_eq!(ChompBar::rectangle(15, 15).unwrap().to_string(), "15x15");

    let err = |text: &str| text.parse::<ChompBar>().unwrap_err();
    assert_eq!(err("0x3"), ChompError::Sides { rows: 0, cols: 3 });
    assert_eq!(err("16x2"), ChompError::Sides { rows: 16, cols: 2 });
    assert_eq!(err("4294967296x2"), ChompError::Sides { rows: 1 << 32, cols: 2 });
    // A number past u64 is named as written, not as a number it was cut down to.
    let huge = "99999999999999999999";
    for text in [format!("{huge}x2"), format!("2x {huge}"), format!("3,{huge}")] {
        assert_eq!(err(&text), ChompError::TooLarge { text: text.clone(), number: huge.into() });
        assert!(err(&text).to_string().contains(huge), "{}", err(&text));
    }
    assert_eq!(
        err("3,4"),
        ChompError::Increasing { text: "3,4".into(), col: 2, height: 4, left: 3 }
    );
    assert_eq!(err("3,0"), ChompError::Column { text: "3,0".into(), col: 2, height: 0 });
    assert_eq!(err("16"), ChompError::Column { text: "16".into(), col: 1, height: 16 });
    let wide = vec!["1"; 16].join(",");
    assert_eq!(err(&wide), ChompError::Column { text: wide.clone(), col: 16, height: 1 });
    for bad in ["", "abc", "3;2", "x3", "-1"] {
        assert_eq!(err(bad), ChompError::Syntax { text: bad.into() });
        assert!(err(bad).to_string().contains(&format!("'{bad}'")));
    }
    assert_eq!(ChompBar::from_position(0x21), Err(ChompError::NotAPosition { position: 0x21 }));
    assert_eq!(ChompBar::from_position(0), Err(ChompError::NotAPosition { position: 0 }));
    let game = Chomp::new(2, 3).unwrap();
    assert_eq!(game.bar(0x13).unwrap().to_string(), "2,1,1");
    assert_eq!(game.bar(0x111), Err(ChompError::OutsideBar { position: 0x111, rows: 2, cols: 3 }));
    assert_eq!(Chomp::new(0, 1), Err(ChompError::Sides { rows: 0, cols: 1 }));
    assert_eq!(MAX_SIDE, 15);
    assert!(ChompBar::from_column_heights(&[]).unwrap_err().to_string().contains("''"));
}

/// A bite at `(r, c)` cuts every row from `r` up to `c` squares and leaves the rows below:
/// `play` against that definition, row by row, for every bite of every bar of up to 6 rows and
/// 6 columns and of random bars up to 15 × 15.
#[test]
fn play_cuts_the_rows_above_the_bite() {
    let by_rows = |position: u64, r: u8, c: u8| -> u64 {
        (0..16u8)
            .map(|i| {
                let len = position >> (4 * i) & 15;
                let len = if i >= r { len.min(u64::from(c)) } else { len };
                len << (4 * i)
            })
            .sum()
    };
    let check = |game: &Chomp, position: u64| {
        for (r, c) in game.move_list(&position) {
            assert_eq!(
                game.play(&position, &(r, c)),
                by_rows(position, r, c),
                "{position:#x} ({r}, {c})"
            );
        }
    };
    let game = Chomp::new(6, 6).unwrap();
    for position in bars(6, 6) {
        check(&game, position);
    }
    let game = Chomp::new(15, 15).unwrap();
    let mut rng = random::rng(15);
    for _ in 0..2000 {
        // Fifteen non-increasing row lengths, the first at least 1.
        let mut lens: Vec<u64> = (0..15).map(|_| rng.random_range(0..=15)).collect();
        lens.sort_unstable_by(|a, b| b.cmp(a));
        lens[0] = lens[0].max(1);
        let position = lens.iter().enumerate().map(|(i, &l)| l << (4 * i)).sum();
        check(&game, position);
    }
}

//! The three rulesets: their rules, Propositions 1 and 2 (the same values on the images of a
//! board), and the shortcuts they give the generic solver.

use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_transverse_wave::{BoolMatrix, CrosswiseAnd, CrosswiseOr, Grid, TransverseWave};
use proptest::prelude::*;

fn matrix(rows: usize, cols: usize) -> impl Strategy<Value = BoolMatrix> {
    (1..=rows, 1..=cols, 0.1f64..0.95).prop_flat_map(|(m, n, p)| {
        prop::collection::vec(prop::bool::weighted(p), m * n)
            .prop_map(move |cells| BoolMatrix::from_fn(m, n, |r, c| cells[r * n + c]))
    })
}

#[test]
fn figure_1_move() {
    // Selecting a column paints it purple, and every row purple at that column.
    let g: Grid = "gpgg/gggg/ggpg/pggg".parse().unwrap();
    assert_eq!(TransverseWave.move_list(&g), vec![0, 1, 2, 3]);
    assert_eq!(TransverseWave.play(&g, &2).to_string(), "gppg/ggpg/pppp/pgpg");
    assert_eq!(TransverseWave.play(&g, &1).to_string(), "pppp/gpgg/gppg/ppgg");
    // A column with no green cell cannot be selected.
    let done: Grid = "pgp/ppp".parse().unwrap();
    assert_eq!(TransverseWave.move_list(&done), vec![1]);
    assert!(!TransverseWave.is_legal(&done, &0) && TransverseWave.is_legal(&done, &1));
    assert!(!TransverseWave.is_legal(&done, &3));
    assert_eq!(TransverseWave.play(&done, &1).to_string(), "ppp/ppp");
}

#[test]
fn crosswise_rules() {
    let m: BoolMatrix = "1101/1110/0111".parse().unwrap();
    assert_eq!(CrosswiseAnd.play(&m, &2).to_string(), "0000/1100/0101");
    let zero: BoolMatrix = "0100/0000".parse().unwrap();
    assert_eq!(CrosswiseAnd.move_list(&zero), vec![1]);
    assert!(!CrosswiseAnd.is_legal(&zero, &0) && !CrosswiseAnd.is_legal(&zero, &9));
    let o = m.complement();
    assert_eq!(CrosswiseOr.play(&o, &2).to_string(), "1111/0011/1010");
    let one: BoolMatrix = "1011/1111".parse().unwrap();
    assert_eq!(CrosswiseOr.move_list(&one), vec![1]);
    assert!(!CrosswiseOr.is_legal(&one, &0) && CrosswiseOr.is_legal(&one, &1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Propositions 1 and 2: green = 1 (AND) and green = 0 (OR) give the same game, move by
    /// move, and so the same values.
    #[test]
    fn the_three_rulesets_agree(m in matrix(5, 6)) {
        let grid = Grid::from_matrix(m.clone());
        let or = grid.to_or_matrix();
        let moves = TransverseWave.move_list(&grid);
        prop_assert_eq!(&CrosswiseAnd.move_list(&m), &moves);
        prop_assert_eq!(&CrosswiseOr.move_list(&or), &moves);
        for j in &moves {
            let next = TransverseWave.play(&grid, j);
            prop_assert_eq!(CrosswiseAnd.play(&m, j), next.as_matrix().clone());
            prop_assert_eq!(CrosswiseOr.play(&or, j), next.to_or_matrix());
        }
        let v = naive::value(&TransverseWave, &grid);
        prop_assert_eq!(naive::value(&CrosswiseAnd, &m), v);
        prop_assert_eq!(naive::value(&CrosswiseOr, &or), v);
    }

    /// The generic solver, with the rulesets' components and canonical forms, against plain
    /// recursion (which uses neither).
    #[test]
    fn generic_solver_with_shortcuts_equals_naive(m in matrix(6, 7)) {
        let v = naive::value(&CrosswiseAnd, &m);
        prop_assert_eq!(Solver::new(&CrosswiseAnd).value(&m).unwrap(), v);
        let grid = Grid::from_matrix(m.clone());
        prop_assert_eq!(Solver::new(&TransverseWave).value(&grid).unwrap(), v);
        prop_assert_eq!(Solver::new(&CrosswiseOr).value(&m.complement()).unwrap(), v);
        let mut s = Solver::new(&CrosswiseAnd);
        prop_assert_eq!(s.winning_moves(&m).unwrap(), naive::winning_moves(&CrosswiseAnd, &m));
    }

    /// Canonical forms keep the game tree, so misère outcomes too; components add up.
    #[test]
    fn canonical_forms_and_components(m in matrix(5, 6)) {
        let canon = CrosswiseAnd.canonical(&m);
        prop_assert_eq!(naive::value(&CrosswiseAnd, &canon), naive::value(&CrosswiseAnd, &m));
        prop_assert_eq!(naive::misere_outcome(&CrosswiseAnd, &canon), naive::misere_outcome(&CrosswiseAnd, &m));
        prop_assert_eq!(Solver::new(&CrosswiseAnd).misere_outcome(&m).unwrap(), naive::misere_outcome(&CrosswiseAnd, &m));
        let or = m.complement();
        let canon_or = CrosswiseOr.canonical(&or);
        prop_assert_eq!(naive::misere_outcome(&CrosswiseOr, &canon_or), naive::misere_outcome(&CrosswiseOr, &or));
        let grid = Grid::from_matrix(m.clone());
        let canon_grid = TransverseWave.canonical(&grid);
        prop_assert_eq!(naive::misere_outcome(&TransverseWave, &canon_grid), naive::misere_outcome(&TransverseWave, &grid));
        let mut comps = Vec::new();
        CrosswiseAnd.components(&m, &mut comps);
        let total = comps.iter().fold(Nimber::ZERO, |acc, c| acc + naive::value(&CrosswiseAnd, c));
        prop_assert_eq!(total, naive::value(&CrosswiseAnd, &m));
        let mut comps = Vec::new();
        CrosswiseOr.components(&or, &mut comps);
        let total = comps.iter().fold(Nimber::ZERO, |acc, c| acc + naive::value(&CrosswiseOr, c));
        prop_assert_eq!(total, naive::value(&CrosswiseOr, &or));
        let mut comps = Vec::new();
        TransverseWave.components(&grid, &mut comps);
        let total = comps.iter().fold(Nimber::ZERO, |acc, c| acc + naive::value(&TransverseWave, c));
        prop_assert_eq!(total, naive::value(&TransverseWave, &grid));
    }
}

#[test]
fn a_join_splits_into_components() {
    // Rows {a ∪ b}: a from {0, 1} / {1, 2} / {0, 2} on columns 0-2, b from {3} / {4, 5} /
    // {5, 6} on columns 3-6. The position is the sum of the two parts.
    let left = [vec![0, 1], vec![1, 2], vec![0, 2]];
    let right = [vec![3], vec![4, 5], vec![5, 6]];
    let rows: Vec<Vec<bool>> = left
        .iter()
        .flat_map(|a| {
            right.iter().map(move |b| (0..7).map(|c| a.contains(&c) || b.contains(&c)).collect())
        })
        .collect();
    let m = BoolMatrix::from_rows(rows).unwrap();
    let mut comps = Vec::new();
    CrosswiseAnd.components(&m, &mut comps);
    assert_eq!(comps.len(), 2, "the join was not split: {comps:?}");
    let a = BoolMatrix::from_rows([[true, true, false], [false, true, true], [true, false, true]])
        .unwrap();
    let b = BoolMatrix::from_rows([
        [true, false, false, false],
        [false, true, true, false],
        [false, false, true, true],
    ])
    .unwrap();
    let expected = naive::value(&CrosswiseAnd, &a) + naive::value(&CrosswiseAnd, &b);
    assert_eq!(naive::value(&CrosswiseAnd, &m), expected);
    let total = comps.iter().fold(Nimber::ZERO, |acc, c| acc + naive::value(&CrosswiseAnd, c));
    assert_eq!(total, expected);
}

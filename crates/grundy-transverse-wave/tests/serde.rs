//! Round trips through serde_json of Transverse Wave grids, Boolean matrices, rulesets, search
//! limits and stats, and refusals of data that is no grid. Run with
//! `cargo test -p grundy-transverse-wave --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;
use std::time::Duration;

use grundy_core::{Budget, Ruleset, Solver};
use grundy_transverse_wave::search::{Found, SearchStats};
use grundy_transverse_wave::{
    BoolMatrix, CrosswiseOr, Grid, SearchLimits, TransverseWave, WaveSolver,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

#[test]
fn serde_grids_and_matrices_round_trip() {
    let grid: Grid = "ppgg / ggpg".parse().unwrap();
    round_trip(&grid, r#"{"cols":4,"cells":["ppgg","ggpg"]}"#);
    let m: BoolMatrix = "101/011".parse().unwrap();
    round_trip(&m, r#"{"cols":3,"cells":["101","011"]}"#);
    // Matrices with no row or no column, which have no text form, round-trip too.
    round_trip(&BoolMatrix::new(0, 5), r#"{"cols":5,"cells":[]}"#);
    round_trip(&BoolMatrix::new(2, 0), r#"{"cols":0,"cells":["",""]}"#);
    // Every 2 × 3 matrix, and a wide one.
    for bits in 0..64u32 {
        let m = BoolMatrix::from_fn(2, 3, |r, c| bits >> (3 * r + c) & 1 == 1);
        let back: BoolMatrix = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
    }
    let wide = BoolMatrix::from_fn(3, 130, |r, c| (r + c) % 3 == 0);
    let back: BoolMatrix = serde_json::from_str(&serde_json::to_string(&wide).unwrap()).unwrap();
    assert_eq!(back, wide);
    // Upper-case cells are read, as the text parser reads them.
    let back: Grid = serde_json::from_str(r#"{"cols":4,"cells":["PPGG","ggpg"]}"#).unwrap();
    assert_eq!(back, grid);
}

#[test]
fn serde_moves_values_and_stats_round_trip() {
    let grid: Grid = "ppgg / ggpg".parse().unwrap();
    let mut solver = WaveSolver::new();
    let value = solver.grid_value(&grid).unwrap();
    let back: Grid = serde_json::from_str(&serde_json::to_string(&grid).unwrap()).unwrap();
    assert_eq!(solver.grid_value(&back).unwrap(), value);
    assert_eq!(Solver::new(&TransverseWave).value(&back).unwrap(), value);
    // Moves are column indices (from 0).
    let moves = TransverseWave.move_list(&grid);
    let back: Vec<usize> = serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
    assert_eq!(back, moves);
    // A grid the solver must search.
    let big = Grid::from(BoolMatrix::from_fn(4, 8, |r, c| (r * 5 + c * 3) % 7 < 4));
    solver.grid_value(&big).unwrap();
    let stats = solver.stats();
    assert!(stats.nodes > 0, "{stats:?}");
    let text = serde_json::to_string(&stats).unwrap();
    assert_eq!(serde_json::from_str::<grundy_core::Stats>(&text).unwrap(), stats);
    round_trip(
        &SearchStats { multisets: 7, evaluated: 3, completed: Some((2, 3)) },
        r#"{"multisets":7,"evaluated":3,"completed":[2,3]}"#,
    );
    let found = Found { grid: grid.clone(), minimal: true };
    round_trip(&found, r#"{"grid":{"cols":4,"cells":["ppgg","ggpg"]},"minimal":true}"#);
    round_trip(&CrosswiseOr, "null");
}

#[test]
fn serde_search_limits_round_trip() {
    let limits = SearchLimits::new()
        .with_max_rows(4)
        .with_budget(Budget::unlimited().with_time_limit(Duration::from_secs(60)));
    let text = serde_json::to_string(&limits).unwrap();
    assert_eq!(
        text,
        r#"{"max_rows":4,"max_cols":64,"budget":{"max_nodes":null,"time_limit":{"secs":60,"nanos":0}},"table_bytes":268435456}"#
    );
    let back: SearchLimits = serde_json::from_str(&text).unwrap();
    assert_eq!((back.max_rows(), back.max_cols()), (4, 64));
    assert_eq!(back.budget().time_limit(), Some(Duration::from_secs(60)));
}

#[test]
fn serde_refuses_invalid_grids() {
    let refused = |json: &str| serde_json::from_str::<Grid>(json).unwrap_err().to_string();
    assert!(
        refused(r#"{"cols":4,"cells":["ppgg","ggp"]}"#).contains("row 2 has 3 cells, expected 4")
    );
    assert!(
        refused(r#"{"cols":2,"cells":["px"]}"#).contains("invalid cell 'x' at row 1, column 2")
    );
    assert!(refused(r#"{"cols":2,"cells":["10"]}"#).contains("invalid cell '1'"));
    assert!(refused(r#"{"cells":["pg"]}"#).contains("missing field `cols`"));
    assert!(serde_json::from_str::<BoolMatrix>(r#"{"cols":2,"cells":["pg"]}"#).is_err());
    assert!(serde_json::from_str::<BoolMatrix>(r#""101/011""#).is_err());
    // A huge number of columns with no row allocates nothing; with a row it is refused by the
    // length check before anything is allocated for its cells.
    let huge = format!(r#"{{"cols":{},"cells":[]}}"#, usize::MAX);
    assert_eq!(serde_json::from_str::<BoolMatrix>(&huge).unwrap().cols(), usize::MAX);
}

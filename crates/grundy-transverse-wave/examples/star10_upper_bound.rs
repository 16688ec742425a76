//! An upper bound for `*10` beyond the exhaustive search: extend the smallest `*9` grid (five
//! rows, its column 0 green in every row) by a sixth row not green at column 0 and by up to
//! two new columns green in the new row, and keep the grids of value `*10`.
//!
//! ```sh
//! cargo run --release -p grundy-transverse-wave --example star10_upper_bound
//! ```
//!
//! The extension is guided by a necessary condition of the value bound (a grid of `m` rows and
//! value `2m − 2` has a row whose removal leaves a grid of value `2m − 3`), but it is not
//! exhaustive: the grid it finds is not proved smallest.

use grundy_core::Nimber;
use grundy_transverse_wave::{BoolMatrix, Grid, WaveSolver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let star9: Grid = "gppgggpgppgg/gggppgggpppg/gggggppggpgg/gggggggpppgp/ggggggggggpp".parse()?;
    let base = star9.as_matrix();
    let (m, n) = (base.rows(), base.cols());
    let mut solver = WaveSolver::new();
    let mut tried = 0u64;
    for extra in 0..=2usize {
        // New columns: green in the new row and in the old rows of a mask.
        let new_columns: Vec<Vec<u32>> = match extra {
            0 => vec![vec![]],
            1 => (0..32).map(|a| vec![a]).collect(),
            _ => (0..32).flat_map(|a| (a..32).map(move |b| vec![a, b])).collect(),
        };
        let mut best: Option<Grid> = None;
        for row in 0..1u32 << (n - 1) {
            for cols in &new_columns {
                tried += 1;
                let g = BoolMatrix::from_fn(m + 1, n + cols.len(), |r, c| match (r < m, c < n) {
                    (true, true) => base.get(r, c),
                    (false, true) => c >= 1 && row >> (c - 1) & 1 == 1,
                    (_, false) => r == m || cols[c - n] >> r & 1 == 1,
                });
                if best.is_none() && solver.value(&g)? == Nimber::new(10) {
                    best = Some(Grid::from_matrix(g));
                }
            }
        }
        if let Some(grid) = best {
            println!("*10: {} x {}: {} ({})", grid.rows(), grid.cols(), grid, grid.shorthand());
            println!("{tried} grids tried");
            return Ok(());
        }
    }
    println!("no *10 found ({tried} grids tried)");
    Ok(())
}

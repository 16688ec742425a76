//! Extends Table 2 of the paper: the smallest grid (fewest rows, then fewest columns) of each
//! value, found by exhaustive search.
//!
//! ```sh
//! cargo run --release -p grundy-transverse-wave --example value_search -- [max value] [seconds per value] [max rows] [first value]
//! ```
//!
//! Defaults: values 0 to `*11`, 600 seconds per value, 6 rows. The search stops at the first
//! value that does not finish in time. Prints one Markdown table row per value.

use std::time::{Duration, Instant};

use grundy_core::{Budget, Nimber};
use grundy_transverse_wave::search::ValueSearch;
use grundy_transverse_wave::{SearchLimits, WaveSolver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max_value: u64 = args.first().map_or(Ok(11), |a| a.parse())?;
    let seconds: u64 = args.get(1).map_or(Ok(600), |a| a.parse())?;
    let max_rows: usize = args.get(2).map_or(Ok(6), |a| a.parse())?;
    let first: u64 = args.get(3).map_or(Ok(0), |a| a.parse())?;
    println!(
        "| value | grid | shorthand | rows x columns | time | minimal | multisets | evaluated |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for v in first..=max_value {
        let limits = SearchLimits::new()
            .with_max_rows(max_rows)
            .with_budget(Budget::unlimited().with_time_limit(Duration::from_secs(seconds)));
        let mut search = ValueSearch::new(limits);
        let start = Instant::now();
        let result = search.smallest(Nimber::new(v));
        let elapsed = start.elapsed();
        let stats = search.stats();
        match result {
            Ok(Some(found)) => {
                let check = WaveSolver::new().grid_value(&found.grid)?;
                assert_eq!(check, Nimber::new(v), "the solver disagrees with the search");
                println!(
                    "| {} | `{}` | `{}` | {} x {} | {:.2?} | {} | {} | {} |",
                    Nimber::new(v),
                    found.grid,
                    found.grid.shorthand(),
                    found.grid.rows(),
                    found.grid.cols(),
                    elapsed,
                    if found.minimal { "proved" } else { "not proved" },
                    stats.multisets,
                    stats.evaluated
                );
            }
            Ok(None) => {
                println!(
                    "| {} | none within {max_rows} rows | | | {elapsed:.2?} | | {} | {} |",
                    Nimber::new(v),
                    stats.multisets,
                    stats.evaluated
                );
            }
            Err(e) => {
                let done = stats.completed.map_or(String::from("no size"), |(m, n)| {
                    format!("every size up to {m} x {n}")
                });
                println!(
                    "| {} | stopped: {e}; searched {done} | | | {elapsed:.2?} | | {} | {} |",
                    Nimber::new(v),
                    stats.multisets,
                    stats.evaluated
                );
                break;
            }
        }
    }
    Ok(())
}

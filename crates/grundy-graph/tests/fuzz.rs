//! Fuzz targets for the text forms of graphs: edge lists ([`Graph::parse_edge_list`], also
//! `FromStr`) and graph6 ([`Graph::from_graph6`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed graph prints to a text that
//! parses back to it, at most [`MAX_PARSED_ORDER`] vertices, the case ends within a time
//! bound, and the process's peak resident memory stays under 1 GiB. Allocation bound (from
//! the code, checked through the order of what parses and the huge-number tests below):
//!
//! - edge lists: 32 bytes per vertex, at most 2^20 vertices (32 MiB), then one dense
//!   neighbourhood bitset of at most `n/8` bytes (128 KiB) per end of each edge of at least 4
//!   bytes of text: at most 32 MiB + min(64 KiB per input byte, n²/8) for `n` vertices. The
//!   quadratic term is real (a path on 200 000 vertices, a 2.4 MB text, holds 2.5 GB);
//!   numbers of any length are refused without allocation;
//! - graph6: `n` vertices need `n(n-1)/12` bytes of text, so the graph holds O(input) bytes.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-graph --test fuzz`.

use grundy_graph::{Graph, MAX_PARSED_ORDER};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const EDGE_SEEDS: &[&str] =
    &["0-1 1-2 2-3", "5: 0-1, 1-2", "6:0-1\n2-3\n4-5", "0: ", "", "1000: 0-999", "3: 0-2 1-2 0-1"];
const EDGE_PIECES: &[&str] = &["-", ":", ",", " ", "\n", "0", "1", "7", "12", "0-1", "1-0", "3:"];
const G6_SEEDS: &[&str] = &["IheA@GUAo", "A_", "?", "@", "~?@A?????", ">>graph6<<C~", "Bw\n"];
const G6_PIECES: &[&str] = &["?", "~", "@", "_", "w", "A", ">>graph6<<", "~~", "}"];

/// Parses an edge list under the bounds and checks what it returns.
fn check_edge_list(text: &str) {
    let parsed = bounded(text, Graph::parse_edge_list);
    if let Ok(g) = parsed {
        assert!(g.order() <= MAX_PARSED_ORDER);
        round_trips(&g);
    }
}

/// Parses graph6 under the bounds and checks what it returns.
fn check_graph6(text: &str) {
    let parsed = bounded(text, Graph::from_graph6);
    if let Ok(g) = parsed {
        assert!(g.order() <= MAX_PARSED_ORDER);
        assert_eq!(Graph::from_graph6(&g.to_graph6()), Ok(g));
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_edge_list(text in inputs("[0-9 ,:\\-\n]{0,40}", EDGE_SEEDS, EDGE_PIECES)) {
        check_edge_list(&text);
    }

    #[test]
    fn fuzz_graph6(text in inputs("(>>graph6<<)?[?-~]{0,40}", G6_SEEDS, G6_PIECES)) {
        check_graph6(&text);
    }
}

/// Regression (found while writing these targets): a vertex number of `u64::MAX` without a count made
/// the implied order `u64::MAX + 1` overflow, a panic in debug builds. It is now refused as
/// too many vertices.
#[test]
fn largest_vertex_number_is_refused() {
    for text in ["0-18446744073709551615", "18446744073709551615-0"] {
        assert!(matches!(
            Graph::parse_edge_list(text),
            Err(grundy_graph::ParseGraphError::TooManyVertices { .. })
        ));
    }
}

/// Long and huge inputs: numbers of any length are refused without being allocated, and a long
/// edge list parses in time linear in its length.
#[test]
fn long_inputs_stay_within_bounds() {
    let long_number = "9".repeat(100_000);
    check_edge_list(&format!("{long_number}: 0-1"));
    check_edge_list(&format!("0-{long_number}"));
    check_graph6(&"~".repeat(100_000));
    check_graph6("~~~~~~~~");
    check_graph6("~~??????");
    // 20 000 edges of a path (200 KB): columns are counted only for an error, not for every
    // token (quadratic in the length). Not longer: neighbourhoods are dense bitsets, so a path
    // on n vertices holds n²/16 bytes (25 MB here).
    let path: Vec<String> = (0..20_000).map(|i| format!("{i}-{}", i + 1)).collect();
    let text = path.join(" ");
    let g = bounded(&text, Graph::parse_edge_list).unwrap();
    assert_eq!(g.edge_count(), 20_000);
}

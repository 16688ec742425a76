//! Fuzz target for the text form of Friend Circle positions ([`FriendCircle::parse`]:
//! `5: 0-1t, 1-2f / 1 3`). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed position prints
//! ([`FriendCircle::to_text`]) to a text that parses back to the same game and position, at
//! most [`MAX_PARSED_ORDER`] vertices, the case ends within a time bound and the process's peak
//! resident memory stays under 1 GiB. Allocation bound (from the code, as for
//! `Graph::parse_edge_list`): 32 bytes per vertex (at most 2^20 vertices, 32 MiB), then dense
//! neighbourhood bit sets of at most `n/8` bytes per end of each edge; numbers of any length
//! are refused without allocation.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-friend-circle --test fuzz`.

use grundy_friend_circle::{FriendCircle, FriendCircleError, MAX_PARSED_ORDER};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] =
    &["5: 0-1t, 1-2f / 1 3", "0-1t 1-2t 2-0f / 0", "3: / 2", "0-1f / ", "1000: 0-1t / 0"];
const PIECES: &[&str] = &["-", ":", ",", " ", "\n", "/", "t", "f", "0", "1", "7", "0-1t", "2-1f"];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_friend_circle(text in inputs("[0-9 ,:tf/\\-\n]{0,40}", SEEDS, PIECES)) {
        if let Ok((game, position)) = bounded(&text, FriendCircle::parse) {
            assert!(game.graph().order() <= MAX_PARSED_ORDER);
            let printed = game.to_text(&position);
            let (again, back) = FriendCircle::parse(&printed).expect("printed text parses back");
            assert_eq!(back, position);
            assert_eq!(again.to_text(&back), printed);
        }
    }
}

/// Regression (found while writing this target): a vertex or seed `u64::MAX` without a count
/// made the implied order `u64::MAX + 1` overflow, a panic in debug builds. It is now refused
/// as too many vertices.
#[test]
fn largest_vertex_number_is_refused() {
    for text in ["0-18446744073709551615t / 0", "0-1t / 18446744073709551615"] {
        assert!(
            matches!(FriendCircle::parse(text), Err(FriendCircleError::TooManyVertices { .. })),
            "{text}"
        );
    }
}

/// Numbers of any length are refused without being allocated.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("{long}: 0-1t / 0"), FriendCircle::parse).is_err());
    assert!(bounded(&format!("0-{long}t / 0"), FriendCircle::parse).is_err());
    assert!(bounded(&format!("0-1t / {long}"), FriendCircle::parse).is_err());
}

//! `GameStore::within`: a budgeted call either answers as an unbudgeted one does, or fails and
//! leaves the store as it was (its games and memos), so that later answers are unchanged.

use grundy_core::{Budget, SolveError};
use grundy_partizan::GameStore;
use proptest::prelude::*;

const PARTS: [&str; 12] = [
    "*5",
    "^",
    "{1|*}",
    "±1",
    "1/2",
    "{0,*|-1}",
    "*7",
    "v*",
    "{2|-1}",
    "{{1|0}|-2}",
    "{^|v}",
    "*3",
];

/// The canonical form, mean and temperature of `text`, as text.
fn facts(store: &mut GameStore, text: &str) -> String {
    let g = store.parse(text).expect("a valid expression");
    let (mean, temperature) = (store.mean(g), store.temperature(g));
    format!("{} mean {mean} temperature {temperature}", store.display(g))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_budgeted_call_answers_or_leaves_the_store_as_it_was(
        warm in prop::collection::vec(0..PARTS.len(), 0..3),
        parts in prop::collection::vec(0..PARTS.len(), 2..5),
        later in prop::collection::vec(0..PARTS.len(), 2..4),
        nodes in 1u64..3000,
    ) {
        let join = |ix: &[usize]| ix.iter().map(|&i| PARTS[i]).collect::<Vec<_>>().join(" + ");
        let (warm, text, later) = (join(&warm), join(&parts), join(&later));
        let mut fresh = GameStore::new();
        let expected = facts(&mut fresh, &text);
        let expected_later = facts(&mut fresh, &later);

        let mut store = GameStore::new();
        if !warm.is_empty() {
            facts(&mut store, &warm);
        }
        let before = store.len();
        let budget = Budget::unlimited().with_max_nodes(nodes);
        match store.within(&budget, |s| facts(s, &text)) {
            Ok(answer) => prop_assert_eq!(answer, expected),
            Err(e) => {
                prop_assert_eq!(e, SolveError::NodeLimit { limit: nodes });
                prop_assert_eq!(store.len(), before);
            }
        }
        // Whatever happened, the store answers later questions as a fresh one does.
        prop_assert_eq!(facts(&mut store, &later), expected_later);
        prop_assert_eq!(facts(&mut store, &text), facts(&mut GameStore::new(), &text));
    }
}

#[test]
fn a_time_limit_stops_a_long_thermograph() {
    let mut store = GameStore::new();
    let budget = Budget::unlimited().with_time_limit(std::time::Duration::from_millis(50));
    let result = store.within(&budget, |s| facts(s, "*3000"));
    assert!(matches!(result, Err(SolveError::TimeLimit { .. })), "{result:?}");
    assert_eq!(store.len(), 1); // only 0 is left
}

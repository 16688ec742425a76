//! Impartial games embed in partizan ones: for rulesets of the workspace played through
//! [`Impartial`], the canonical form of a position is the nimber grundy-core's solver gives.

use grundy_core::{Ruleset, Solver};
use grundy_heap_games::antonim::{Antonim, HeapSet};
use grundy_heap_games::tower::{Tower, TowerNim};
use grundy_octal::{Code, Heaps, Octal};
use grundy_partizan::{GameStore, Impartial, naive, solve};
use grundy_transverse_wave::{Grid, TransverseWave};
use proptest::prelude::*;

/// The partizan canonical form of `position` (by the solver with hooks, and by plain
/// recursion when `plain`) is the nimber of grundy-core's solver.
fn embeds<R: Ruleset + Clone>(
    ruleset: &R,
    position: &R::Position,
    plain: bool,
) -> Result<(), TestCaseError> {
    let value = Solver::new(ruleset).value(position).expect("an unlimited budget");
    let mut solver = solve::Solver::new(Impartial(ruleset.clone()));
    let g = solver.canonical_form(position).expect("an unlimited budget");
    prop_assert_eq!(solver.store().as_nimber(g), Some(value), "{:?}", position);
    if plain {
        let mut store = GameStore::new();
        let g = naive::canonical_form(&Impartial(ruleset.clone()), position, &mut store);
        prop_assert_eq!(store.as_nimber(g), Some(value), "{:?}", position);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nim_positions_are_their_nim_sums(heaps in prop::collection::vec(0u32..=6, 0..=3)) {
        embeds(&grundy_nim::Nim, &grundy_nim::Heaps::new(heaps), true)?;
    }

    #[test]
    fn octal_positions_are_their_grundy_values(
        heaps in prop::collection::vec(0u64..=14, 0..=3),
        kayles in any::<bool>(),
    ) {
        // Plain recursion walks every order of the heaps: only for small positions.
        let plain = heaps.iter().sum::<u64>() <= 9;
        let code = if kayles { Code::kayles() } else { Code::dawson_chess() };
        embeds(&Octal::new(code), &Heaps::new(heaps), plain)?;
    }

    #[test]
    fn antonim_and_tower_nim_positions(heaps in prop::collection::vec(1u64..=5, 0..=3)) {
        let mut set = heaps.clone();
        set.sort_unstable();
        set.dedup();
        embeds(&Antonim, &HeapSet::new(set).unwrap(), true)?;
        embeds(&TowerNim, &Tower::new(heaps).unwrap(), true)?;
    }

    #[test]
    fn transverse_wave_boards(cells in prop::collection::vec(any::<bool>(), 12), cols in 1usize..=4) {
        let rows = 12 / cols.max(1);
        let text: Vec<String> = (0..rows.min(3))
            .map(|r| (0..cols).map(|c| if cells[r * cols + c] { 'g' } else { 'p' }).collect())
            .collect();
        let grid: Grid = text.join("/").parse().unwrap();
        embeds(&TransverseWave, &grid, true)?;
    }
}

//! Canonical forms of positions using the ruleset's hooks.
//!
//! [`canonical_form`] splits positions into [`components`](PartizanRuleset::components),
//! memoises components by [`canonical_key`](PartizanRuleset::canonical_key) and asks
//! [`known_value`](PartizanRuleset::known_value) first; it must agree with
//! [`naive::canonical_form`](crate::naive::canonical_form), which uses none of them.

use hashbrown::HashMap;

use crate::{Game, GameStore, PartizanRuleset, Player};

/// The canonical form of `position`, using the ruleset's hooks: the sum of its components'
/// values, each looked up by [`canonical_key`](PartizanRuleset::canonical_key) or taken from
/// [`known_value`](PartizanRuleset::known_value) when it knows.
pub fn canonical_form<R: PartizanRuleset>(
    ruleset: &R,
    position: &R::Position,
    store: &mut GameStore,
) -> Game {
    hooks_rec(ruleset, position, store, &mut HashMap::new())
}

fn hooks_rec<R: PartizanRuleset>(
    ruleset: &R,
    position: &R::Position,
    store: &mut GameStore,
    memo: &mut HashMap<R::Position, Game>,
) -> Game {
    let mut parts = Vec::new();
    ruleset.components(position, &mut parts);
    let mut total = store.zero();
    for part in parts {
        let key = ruleset.canonical_key(&part);
        let value = if let Some(&g) = memo.get(&key) {
            g
        } else if let Some(g) = ruleset.known_value(&key, store) {
            memo.insert(key, g);
            g
        } else {
            let mut sides: [Vec<Game>; 2] = [Vec::new(), Vec::new()];
            for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
                for mv in ruleset.move_list(&key, player) {
                    let next = ruleset.play(&key, player, &mv);
                    side.push(hooks_rec(ruleset, &next, store, memo));
                }
            }
            let g = store.from_options(&sides[0], &sides[1]);
            memo.insert(key, g);
            g
        };
        total = store.sum(total, value);
    }
    total
}

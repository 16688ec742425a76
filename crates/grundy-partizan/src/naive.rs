//! The reference solver: canonical forms straight from the definition.
//!
//! [`canonical_form`] uses only [`PartizanRuleset::moves`] and [`PartizanRuleset::play`]:
//! the value of a position is `{G^L | G^R}` over the positions its moves reach, put in
//! canonical form by [`GameStore::from_options`]. No components, keys or closed forms, so
//! every shortcut of a ruleset can be tested against it. Positions are memoised for the
//! duration of one call (a game tree is usually a DAG with many transpositions). The
//! recursion depth is the length of the longest game.
//!
//! [`solve::canonical_form`](crate::solve::canonical_form) is the same search using the
//! ruleset's hooks.

use hashbrown::HashMap;

use crate::{Game, GameStore, PartizanRuleset, Player};

/// The canonical form of `position`, by recursion on the definition.
pub fn canonical_form<R: PartizanRuleset>(
    ruleset: &R,
    position: &R::Position,
    store: &mut GameStore,
) -> Game {
    plain_rec(ruleset, position, store, &mut HashMap::new())
}

fn plain_rec<R: PartizanRuleset>(
    ruleset: &R,
    position: &R::Position,
    store: &mut GameStore,
    memo: &mut HashMap<R::Position, Game>,
) -> Game {
    if let Some(&g) = memo.get(position) {
        return g;
    }
    let mut sides: [Vec<Game>; 2] = [Vec::new(), Vec::new()];
    for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
        for mv in ruleset.move_list(position, player) {
            let next = ruleset.play(position, player, &mv);
            side.push(plain_rec(ruleset, &next, store, memo));
        }
    }
    let g = store.from_options(&sides[0], &sides[1]);
    memo.insert(position.clone(), g);
    g
}

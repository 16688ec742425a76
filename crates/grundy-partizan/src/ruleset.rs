//! The [`PartizanRuleset`] trait: how a user tells grundy what a partizan game is.

use core::fmt::Debug;
use core::hash::Hash;

use crate::{Game, GameStore, Player};

/// The rules of a partizan game under normal play: Left and Right may have different moves.
///
/// This is the partizan sibling of grundy-core's
/// [`Ruleset`](grundy_core::Ruleset): a ruleset is a value holding what never changes during
/// play; positions and moves are separate, small, hashable types.
///
/// # What to implement
///
/// Only two methods are required: [`moves`](PartizanRuleset::moves) lists the legal moves of
/// one player in a position and [`play`](PartizanRuleset::play) plays one. `play` is told who
/// moves, because in many partizan games the same move name means different things for the
/// two players (a Domineering cell gets a vertical domino from Left, a horizontal one from
/// Right). The other methods are hooks with correct defaults:
///
/// | method | default | override when |
/// | --- | --- | --- |
/// | [`components`](PartizanRuleset::components) | the position itself | positions split into a disjunctive sum |
/// | [`canonical_key`](PartizanRuleset::canonical_key) | the position itself | many positions are equivalent (symmetries) |
/// | [`known_value`](PartizanRuleset::known_value) | `None` | a closed form is known for some positions |
///
/// # Contract
///
/// Play is finite (no position is reachable from itself); `play` is only called with a move
/// that `moves` listed for that player and position; a position's value is the sum of its
/// components' values; positions with equal `canonical_key`s have equal values; `known_value`
/// is only `Some` when it is the true value.
///
/// # Example
///
/// Left may take 1 token from a heap, Right 2.
///
/// ```
/// use grundy_partizan::{naive, GameStore, PartizanRuleset, Player};
///
/// struct OneTwo;
///
/// impl PartizanRuleset for OneTwo {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, heap: &u32, player: Player, moves: &mut Vec<u32>) {
///         let take = match player { Player::Left => 1, Player::Right => 2 };
///         if take <= *heap {
///             moves.push(take);
///         }
///     }
///     fn play(&self, heap: &u32, _player: Player, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// let mut store = GameStore::new();
/// // Heap 1 = {0|} = 1 and heap 2 = {1|0}, a hot game.
/// let two = naive::canonical_form(&OneTwo, &2, &mut store);
/// assert_eq!(store.display(two).to_string(), "{1|0}");
/// // Heap 3 = {{1|0} | 1} = 0: whoever starts loses.
/// let three = naive::canonical_form(&OneTwo, &3, &mut store);
/// assert_eq!(three, store.zero());
/// ```
pub trait PartizanRuleset {
    /// A position of the game. Keep it small: solvers clone positions and hash them.
    type Position: Clone + Eq + Hash + Debug;

    /// A move, named the same way in every position where it is legal.
    type Move: Clone + Eq + Hash + Debug;

    /// Appends the legal moves of `player` in `position` to `moves` (append, do not clear).
    fn moves(&self, position: &Self::Position, player: Player, moves: &mut Vec<Self::Move>);

    /// Returns the position reached when `player` plays the legal move `mv` in `position`.
    fn play(&self, position: &Self::Position, player: Player, mv: &Self::Move) -> Self::Position;

    /// Returns the legal moves of `player` in `position` in a new vector.
    fn move_list(&self, position: &Self::Position, player: Player) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.moves(position, player, &mut moves);
        moves
    }

    /// Appends the independent components of `position` to `components`: `position` is their
    /// disjunctive sum. The default treats every position as a single component.
    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        components.push(position.clone());
    }

    /// Returns a representative of the positions equal in value to `position` (a mirrored
    /// board, reordered parts), so that tables keyed by it solve each class once. The
    /// default returns the position unchanged.
    fn canonical_key(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// Returns the canonical form of `position` when a closed form knows it cheaply. A `Some`
    /// answer is trusted and never checked. The default knows nothing.
    fn known_value(&self, position: &Self::Position, store: &mut GameStore) -> Option<Game> {
        let _ = (position, store);
        None
    }
}

/// A reference to a ruleset is the same ruleset, so that solvers may borrow it
/// (`Solver::new(&game)`).
impl<R: PartizanRuleset + ?Sized> PartizanRuleset for &R {
    type Position = R::Position;
    type Move = R::Move;

    fn moves(&self, position: &Self::Position, player: Player, moves: &mut Vec<Self::Move>) {
        (**self).moves(position, player, moves);
    }

    fn play(&self, position: &Self::Position, player: Player, mv: &Self::Move) -> Self::Position {
        (**self).play(position, player, mv)
    }

    fn move_list(&self, position: &Self::Position, player: Player) -> Vec<Self::Move> {
        (**self).move_list(position, player)
    }

    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        (**self).components(position, components);
    }

    fn canonical_key(&self, position: &Self::Position) -> Self::Position {
        (**self).canonical_key(position)
    }

    fn known_value(&self, position: &Self::Position, store: &mut GameStore) -> Option<Game> {
        (**self).known_value(position, store)
    }
}

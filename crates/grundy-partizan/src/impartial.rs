//! Impartial rulesets as partizan ones: both players get the same moves.

use grundy_core::Ruleset;

use crate::{Game, GameStore, PartizanRuleset, Player};

/// An impartial ruleset of grundy-core played as a partizan game: Left and Right have the
/// same moves, so every position's canonical form is a nimber, the one grundy-core's solvers
/// compute (Sprague-Grundy).
///
/// Components and canonical forms are forwarded ([`Ruleset::components`],
/// [`Ruleset::canonical`]), and a value the ruleset knows ([`Ruleset::known_value`]) becomes
/// its nimber.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
/// use grundy_partizan::{Impartial, naive, GameStore};
///
/// struct Subtraction; // take 1, 3 or 4
/// impl Ruleset for Subtraction {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
///         moves.extend([1, 3, 4].into_iter().filter(|t| t <= heap));
///     }
///     fn play(&self, heap: &u32, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// let mut store = GameStore::new();
/// let g = naive::canonical_form(&Impartial(Subtraction), &12, &mut store);
/// assert_eq!(store.as_nimber(g), Some(Solver::new(&Subtraction).value(&12)?));
/// assert_eq!(store.display(g).to_string(), "*3");
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Impartial<R>(pub R);

impl<R: Ruleset> PartizanRuleset for Impartial<R> {
    type Position = R::Position;
    type Move = R::Move;

    fn moves(&self, position: &R::Position, _player: Player, moves: &mut Vec<R::Move>) {
        self.0.moves(position, moves);
    }

    fn play(&self, position: &R::Position, _player: Player, mv: &R::Move) -> R::Position {
        self.0.play(position, mv)
    }

    fn components(&self, position: &R::Position, components: &mut Vec<R::Position>) {
        self.0.components(position, components);
    }

    fn canonical_key(&self, position: &R::Position) -> R::Position {
        self.0.canonical(position)
    }

    fn known_value(&self, position: &R::Position, store: &mut GameStore) -> Option<Game> {
        self.0.known_value(position).map(|v| store.nimber(v))
    }
}

//! The hash-consing store of canonical forms.

use core::cmp::Ordering;
use core::fmt;

use core::hash::BuildHasher as _;
use grundy_core::{Budget, Nimber, Outcome, SolveError};

use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use num_bigint::BigUint;

use crate::Dyadic;
use grundy_core::Meter;

/// A short partizan game in canonical form: a small handle into a [`GameStore`].
///
/// Every game value has exactly one canonical form, and the store keeps one node per canonical
/// form, so **two handles of the same store are equal exactly when the games are equal**:
/// `==` on `Game` is equality of game values (not merely of forms). The derived [`Ord`] and
/// [`Hash`] order and hash handles, so that games can be sorted and used as keys; they say
/// nothing about the game order, which is [`GameStore::cmp`].
///
/// A handle is only meaningful for the store that made it; passing it to another store gives
/// an unspecified game or a panic. For the same reason `Game` does not implement serde's
/// `Serialize` and `Deserialize` (feature `serde`): serialise the game's value instead, as an
/// [`Expr`](crate::Expr) or as the text of [`GameStore::display`], and rebuild it with
/// [`GameStore::eval`] or [`GameStore::parse`] in the store that reads it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game(u32);

impl Game {
    /// The index of the game's node in its store (stable for the store's lifetime).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game#{}", self.0)
    }
}

/// How two games compare in the partial order of games.
///
/// Games are partially ordered: besides less, equal and greater, two games can be
/// *confused* (incomparable, `G || H`), which means that `G - H` is a first-player win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameOrdering {
    /// `G < H`: `G - H` is a win for Right.
    Less,
    /// `G = H`: `G - H` is a second-player win.
    Equal,
    /// `G > H`: `G - H` is a win for Left.
    Greater,
    /// `G || H`: `G - H` is a first-player win.
    Confused,
}

impl GameOrdering {
    /// The ordering as an [`Ordering`], `None` when confused.
    pub fn to_ordering(self) -> Option<Ordering> {
        match self {
            GameOrdering::Less => Some(Ordering::Less),
            GameOrdering::Equal => Some(Ordering::Equal),
            GameOrdering::Greater => Some(Ordering::Greater),
            GameOrdering::Confused => None,
        }
    }

    /// The ordering of the swapped comparison (`H` against `G`).
    pub fn reverse(self) -> Self {
        match self {
            GameOrdering::Less => GameOrdering::Greater,
            GameOrdering::Greater => GameOrdering::Less,
            other => other,
        }
    }
}

impl fmt::Display for GameOrdering {
    /// `<`, `=`, `>` or `||`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameOrdering::Less => "<",
            GameOrdering::Equal => "=",
            GameOrdering::Greater => ">",
            GameOrdering::Confused => "||",
        })
    }
}

/// The outcome class of a partizan game under normal play: who wins with perfect play.
///
/// A game `G` is in class L when `G > 0`, R when `G < 0`, P when `G = 0` and N when
/// `G || 0`. Impartial games are only ever P or N, which is where grundy-core's
/// [`Outcome`] embeds (`From<Outcome>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PartizanOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move (the next player) wins.
    N,
    /// The player who just moved (the previous player) wins.
    P,
}

impl PartizanOutcome {
    /// A short English description, such as `Left wins`.
    pub const fn describe(self) -> &'static str {
        match self {
            PartizanOutcome::L => "Left wins",
            PartizanOutcome::R => "Right wins",
            PartizanOutcome::N => "next player wins",
            PartizanOutcome::P => "previous player wins",
        }
    }
}

impl From<Outcome> for PartizanOutcome {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::P => PartizanOutcome::P,
            Outcome::N => PartizanOutcome::N,
        }
    }
}

impl fmt::Display for PartizanOutcome {
    /// `L`, `R`, `N` or `P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PartizanOutcome::L => "L",
            PartizanOutcome::R => "R",
            PartizanOutcome::N => "N",
            PartizanOutcome::P => "P",
        })
    }
}

/// The error returned when parsing a [`PartizanOutcome`] fails: the input is not one of
/// `L`, `R`, `N`, `P`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid outcome '{input}': expected 'L', 'R', 'N' or 'P'")]
#[non_exhaustive]
pub struct ParseOutcomeError {
    /// The offending input, without surrounding whitespace.
    pub input: String,
}

impl core::str::FromStr for PartizanOutcome {
    type Err = ParseOutcomeError;

    /// Parses `L`, `R`, `N` or `P`, in either case, ignoring surrounding whitespace: the
    /// inverse of [`Display`](fmt::Display).
    ///
    /// ```
    /// use grundy_partizan::PartizanOutcome;
    ///
    /// assert_eq!("l".parse(), Ok(PartizanOutcome::L));
    /// assert!("Q".parse::<PartizanOutcome>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim() {
            "L" | "l" => Ok(PartizanOutcome::L),
            "R" | "r" => Ok(PartizanOutcome::R),
            "N" | "n" => Ok(PartizanOutcome::N),
            "P" | "p" => Ok(PartizanOutcome::P),
            other => Err(ParseOutcomeError { input: other.to_owned() }),
        }
    }
}

/// One of the two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Left, the player for whom positive games are good (Blue, Black, vertical...).
    Left,
    /// Right, the player for whom negative games are good.
    Right,
}

impl Player {
    /// The other player.
    pub const fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}

/// A game of the form `x + n·↑ + *m`: a number plus a multiple of up plus a nimber.
///
/// These are the values CGSuite prints compactly (`1/2^*`, `vv*3`, `-1*`); see
/// [`GameStore::as_nus`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nus {
    /// The number part `x`.
    pub number: Dyadic,
    /// The multiple `n` of up (negative for downs).
    pub ups: i64,
    /// The nimber part `*m`.
    pub star: Nimber,
}

/// A stored canonical form.
#[derive(Debug)]
enum Kind {
    /// A number: its options are made on demand (integers can be astronomically large).
    Number(Dyadic),
    /// A game that is not a number, with its canonical options sorted by handle.
    General { left: Box<[Game]>, right: Box<[Game]> },
}

#[derive(Debug)]
struct Node {
    kind: Kind,
    birthday: BigUint,
    /// Set for the general games of the form `x + n·↑ + *m`.
    nus: Option<Nus>,
}

/// The arena of canonical forms: makes, compares and adds short partizan games.
///
/// The store hash-conses canonical forms (one node per game value, see [`Game`]) and memoises
/// the expensive operations: comparison, sum and negation. Everything a caller can build is
/// kept until the store is dropped.
///
/// Numbers are stored symbolically (an exact [`Dyadic`], options made on demand), so
/// `2^100` or `1/2^100` cost one node, and comparisons and sums never unfold them (number
/// avoidance and translation). Every other game is stored with its canonical options, so a
/// nimber `*m` costs `m` nodes holding `m(m+1)/2` option handles and `n·↑` costs about `n`
/// nodes: the practical limit is thousands, not millions. Games `x + n·↑ + *m` are
/// recognised when they are made ([`as_nus`](Self::as_nus)) and add part by part.
///
/// Recursion (comparison, sum, canonicalisation) goes as deep as the games' birthdays
/// (ignoring number parts); very deep games need a thread with a large stack. A store holds
/// at most `2^32` games and panics beyond (memory runs out long before).
///
/// # Example
///
/// ```
/// use grundy_partizan::{GameOrdering, GameStore, PartizanOutcome};
///
/// let mut store = GameStore::new();
/// let zero = store.zero();
/// let star = store.star();
/// let up = store.from_options(&[zero], &[star]); // {0|*} = ^
/// assert_eq!(store.display(up).to_string(), "^");
/// assert_eq!(store.outcome(up), PartizanOutcome::L);
/// assert_eq!(store.cmp(up, star), GameOrdering::Confused);
///
/// let up_star = store.sum(up, star);
/// assert_eq!(store.display(up_star).to_string(), "^*");
/// assert_eq!(store.outcome(up_star), PartizanOutcome::N);
/// ```
#[derive(Debug)]
pub struct GameStore {
    nodes: Vec<Node>,
    numbers: HashMap<Dyadic, Game>,
    /// The general games by their options: handles only, hashed and compared through the
    /// options their nodes hold (so that each option list is stored once).
    generals: HashTable<Game>,
    hasher: DefaultHashBuilder,
    /// Option handles held by the nodes of general games.
    option_handles: usize,
    le_memo: HashMap<(Game, Game), bool>,
    sum_memo: HashMap<(Game, Game), Game>,
    neg_memo: HashMap<Game, Game>,
    /// `stars[j]` is `*j`, for the nimbers made so far.
    stars: Vec<Game>,
    /// The games `x + n·↑ + *m` made by [`GameStore::nus`] (not the nimbers).
    nus_memo: HashMap<Nus, Game>,
    /// The budget of the running [`within`](GameStore::within) call, and why it stopped.
    limit: Option<(Meter<'static>, Option<SolveError>)>,
}

impl Default for GameStore {
    fn default() -> Self {
        GameStore::new()
    }
}

/// The sorted Left and Right options of the general game `g` (`None` for a number).
fn sides(nodes: &[Node], g: Game) -> Option<(&[Game], &[Game])> {
    match &nodes[g.index()].kind {
        Kind::General { left, right } => Some((left, right)),
        Kind::Number(_) => None,
    }
}

/// The `(ups, star)` parts of the Left and Right options of an up-star game.
type NusSides = (Vec<(i64, u64)>, Vec<(i64, u64)>);

/// Comparisons of canonical games against the game being canonicalised, by side:
/// `(x, true)` caches `x <= G`, `(x, false)` caches `G <= x`.
type FormMemo = HashMap<(Game, bool), bool>;

impl GameStore {
    /// An empty store (it makes `0` at once).
    pub fn new() -> Self {
        let mut store = GameStore {
            nodes: Vec::new(),
            numbers: HashMap::new(),
            generals: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            option_handles: 0,
            le_memo: HashMap::new(),
            sum_memo: HashMap::new(),
            neg_memo: HashMap::new(),
            stars: Vec::new(),
            nus_memo: HashMap::new(),
            limit: None,
        };
        let zero = store.number(Dyadic::zero());
        store.stars.push(zero);
        store
    }

    /// The number of distinct games (nodes) in the store.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// About how many bytes the memos of comparisons, sums and negations hold (what
    /// [`clear_memos`](Self::clear_memos) frees): their hash maps' buckets.
    pub fn memo_bytes(&self) -> usize {
        fn bytes<K, V>(map: &HashMap<K, V>) -> usize {
            // hashbrown keeps a control byte per bucket and at most 7/8 of them full.
            map.capacity().saturating_mul(size_of::<(K, V)>() + 1) / 7 * 8
        }
        bytes(&self.le_memo)
            .saturating_add(bytes(&self.sum_memo))
            .saturating_add(bytes(&self.neg_memo))
    }

    /// Forgets the memoised comparisons, sums and negations, and frees their memory.
    ///
    /// The games and their handles are untouched (they stay hash-consed: equal games keep
    /// one handle); later comparisons and sums are computed again as needed. A solver calls
    /// this to keep its store within its memory bound.
    pub fn clear_memos(&mut self) {
        self.le_memo = HashMap::new();
        self.sum_memo = HashMap::new();
        self.neg_memo = HashMap::new();
    }

    /// Tells whether the store holds no game (never: it always holds `0`).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Runs `f` on the store under `budget`: every comparison, sum, negation,
    /// canonicalisation and thermograph step `f` causes counts one node against it, and the
    /// clock and cancellation flag are read every 256 of them.
    ///
    /// # Guarantees
    ///
    /// When the budget runs out, the operations under way return at once with meaningless
    /// games (nothing is memoised from then on), `f` runs to its end, its result is dropped,
    /// and the store is put back as it was before the call: every game made during the call
    /// is forgotten, with every memo that mentions one. Handles made during a call that
    /// failed must not be used again. Games made before the call, and memos about them
    /// only, are kept (they are true). Calls do not nest: a `within` inside `f` runs its
    /// closure under the outer budget.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out before `f` returns.
    ///
    /// ```
    /// use grundy_core::{Budget, SolveError};
    /// use grundy_partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let small = store.within(&Budget::unlimited(), |s| s.parse("*3 + ^").map(|g| s.display(g).to_string()));
    /// assert_eq!(small.unwrap().unwrap(), "^*3");
    /// let before = store.len();
    /// let big = store.within(&Budget::unlimited().with_max_nodes(100), |s| s.parse("*400 + *300"));
    /// assert!(matches!(big, Err(SolveError::NodeLimit { limit: 100 })));
    /// assert_eq!(store.len(), before); // the games made by the failed call are gone
    /// ```
    pub fn within<T>(
        &mut self,
        budget: &Budget,
        f: impl FnOnce(&mut GameStore) -> T,
    ) -> Result<T, SolveError> {
        if self.limit.is_some() {
            return Ok(f(self));
        }
        let before = self.nodes.len();
        let meter = Meter::owned(budget.clone()).with_poll_interval(crate::POLL_INTERVAL);
        // The flags and the clock are read before the first step too.
        meter.poll()?;
        self.limit = Some((meter, None));
        let result = f(self);
        match self.limit.take() {
            Some((_, Some(stop))) => {
                self.forget_from(before);
                Err(stop)
            }
            _ => Ok(result),
        }
    }

    /// Counts one step against the budget of a [`within`](Self::within) call; tells whether
    /// it has run out (then every operation returns at once and nothing is memoised).
    #[inline]
    pub(crate) fn halted(&mut self) -> bool {
        match &mut self.limit {
            None => false,
            Some((_, Some(_))) => true,
            Some((meter, stop)) => match meter.tick() {
                Ok(()) => false,
                Err(e) => {
                    *stop = Some(e);
                    true
                }
            },
        }
    }

    /// Whether a [`within`](Self::within) call has run out of budget: results are then not
    /// memoised.
    fn stopped(&self) -> bool {
        matches!(self.limit, Some((_, Some(_))))
    }

    /// Forgets every game from handle `first` on, and every memo that mentions one.
    fn forget_from(&mut self, first: usize) {
        let old = |g: &Game| g.index() < first;
        self.nodes.truncate(first);
        self.numbers.retain(|_, g| old(g));
        self.generals.retain(|g| old(g));
        self.option_handles = self
            .nodes
            .iter()
            .map(|n| match &n.kind {
                Kind::General { left, right } => left.len() + right.len(),
                Kind::Number(_) => 0,
            })
            .sum();
        self.le_memo.retain(|(g, h), _| old(g) && old(h));
        self.sum_memo.retain(|(g, h), s| old(g) && old(h) && old(s));
        self.neg_memo.retain(|g, n| old(g) && old(n));
        self.stars.retain(old);
        self.nus_memo.retain(|_, g| old(g));
    }

    fn push(&mut self, node: Node) -> Game {
        let id = u32::try_from(self.nodes.len()).expect("a GameStore holds at most 2^32 games");
        self.nodes.push(node);
        Game(id)
    }

    fn node(&self, g: Game) -> &Node {
        &self.nodes[g.index()]
    }

    // -----------------------------------------------------------------------------------------
    // Construction.

    /// The game `0 = {|}`.
    pub fn zero(&self) -> Game {
        // `new` makes zero first.
        Game(0)
    }

    /// The number `x` (its canonical form: `{x-1|}` for a positive integer, `{|x+1}` for a
    /// negative one, `{(m-1)/2^k | (m+1)/2^k}` for `m/2^k`).
    ///
    /// ```
    /// use grundy_partizan::{Dyadic, GameStore};
    ///
    /// let mut store = GameStore::new();
    /// let half = store.number(Dyadic::new(1, 1));
    /// let one = store.integer(1);
    /// assert_eq!(store.sum(half, half), one);
    /// ```
    pub fn number(&mut self, x: Dyadic) -> Game {
        if let Some(&g) = self.numbers.get(&x) {
            return g;
        }
        let birthday = x.birthday();
        let g = self.push(Node { kind: Kind::Number(x.clone()), birthday, nus: None });
        self.numbers.insert(x, g);
        g
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Game {
        self.number(Dyadic::from(n))
    }

    /// The nimber `*m = {0, *, ..., *(m-1) | 0, *, ..., *(m-1)}`.
    ///
    /// This makes the nodes `*1 ... *m`, so `m` should stay in the thousands.
    pub fn nimber(&mut self, m: Nimber) -> Game {
        while (self.stars.len() as u64) <= m.value() {
            if self.halted() {
                return self.zero();
            }
            // The canonical form of *j: every smaller nimber on both sides (no option is
            // dominated, none reversible; the tests check it against `from_options`).
            let mut options = self.stars.clone();
            options.sort_unstable();
            let g = self.intern_general(options.clone(), options);
            self.stars.push(g);
        }
        // `m` is below `stars.len()`, a `usize`.
        self.stars[usize::try_from(m.value()).unwrap_or(usize::MAX)]
    }

    /// The game `* = {0|0}`.
    pub fn star(&mut self) -> Game {
        self.nimber(Nimber::ONE)
    }

    /// The game `↑ = {0|*}` (up).
    pub fn up(&mut self) -> Game {
        let zero = self.zero();
        let star = self.star();
        self.from_options(&[zero], &[star])
    }

    /// The game `n·↑` (`n` ups; downs `↓ = {*|0}` when `n` is negative).
    ///
    /// This makes about `|n|` nodes.
    pub fn ups(&mut self, n: i64) -> Game {
        self.nus(&Nus { number: Dyadic::zero(), ups: n, star: Nimber::ZERO })
    }

    /// The game `x + n·↑ + *m`, built directly from its canonical form (memoised).
    ///
    /// This makes about `|n| + m` nodes (and `m(m+1)/2` option handles for the nimbers).
    ///
    /// ```
    /// use grundy_core::Nimber;
    /// use grundy_partizan::{Dyadic, GameStore, Nus};
    ///
    /// let mut store = GameStore::new();
    /// let g = store.nus(&Nus { number: Dyadic::new(-3, 1), ups: -2, star: Nimber::new(3) });
    /// assert_eq!(store.display(g).to_string(), "-3/2vv*3");
    /// ```
    pub fn nus(&mut self, nus: &Nus) -> Game {
        let x = &nus.number;
        let m = nus.star.value();
        if nus.ups == 0 {
            return self.number_star(x, m);
        }
        // x + n·↑ + *m has the single Right (Left, for downs) option x + (n-1)·↑ + *(m ⊕ 1)
        // (except ↑* and ↓*): build the chain from one arrow up.
        let target = nus.ups.unsigned_abs();
        let sign = nus.ups.signum();
        let mut g = self.zero();
        for k in 1..=target {
            let star = if (target - k) % 2 == 0 { m } else { m ^ 1 };
            // k <= |n| fits an i64 once signed (|i64::MIN| is only reached at k = |n|).
            let ups = sign.saturating_mul(i64::try_from(k).unwrap_or(i64::MAX));
            let level = Nus { number: x.clone(), ups, star: Nimber::new(star) };
            if let Some(&done) = self.nus_memo.get(&level) {
                g = done;
                continue;
            }
            let (ls, rs) = nus_options(ups, star);
            let mut sides = [Vec::new(), Vec::new()];
            for (side, parts) in sides.iter_mut().zip([ls, rs]) {
                for (n, j) in parts {
                    let option = if n == 0 {
                        self.number_star(x, j)
                    } else {
                        // The previous level of the chain, made in the last iteration.
                        let key = Nus { number: x.clone(), ups: n, star: Nimber::new(j) };
                        self.nus_memo[&key]
                    };
                    side.push(option);
                }
                side.sort_unstable();
            }
            let [left, right] = sides;
            g = self.intern_general(left, right);
            if !self.stopped() {
                self.nus_memo.insert(level, g);
            }
        }
        g
    }

    /// `x + *m`: `{x + *j | x + *j}` over `j < m`.
    fn number_star(&mut self, x: &Dyadic, m: u64) -> Game {
        if x.is_zero() {
            return self.nimber(Nimber::new(m));
        }
        let mut options = vec![self.number(x.clone())];
        let mut g = options[0];
        for j in 1..=m {
            let level = Nus { number: x.clone(), ups: 0, star: Nimber::new(j) };
            g = match self.nus_memo.get(&level) {
                Some(&done) => done,
                None => {
                    let mut sorted = options.clone();
                    sorted.sort_unstable();
                    let g = self.intern_general(sorted.clone(), sorted);
                    if !self.stopped() {
                        self.nus_memo.insert(level, g);
                    }
                    g
                }
            };
            options.push(g);
        }
        g
    }

    /// The switch `±g = {g | -g}`.
    ///
    /// ```
    /// use grundy_partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let one = store.integer(1);
    /// let pm = store.switch(one);
    /// assert_eq!(store.display(pm).to_string(), "±1");
    /// ```
    pub fn switch(&mut self, g: Game) -> Game {
        let minus = self.neg(g);
        self.from_options(&[g], &[minus])
    }

    /// The game `{left | right}` in canonical form.
    ///
    /// The options may be any games of the store (they are canonical already). The result is
    /// simplified by the standard algorithm (Berlekamp, Conway and Guy; Siegel,
    /// *Combinatorial Game Theory*, chapter II): dominated options are removed and reversible options
    /// bypassed until neither applies; a result equal to a number becomes that number.
    ///
    /// ```
    /// use grundy_partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let (zero, one, two) = (store.integer(0), store.integer(1), store.integer(2));
    /// let g = store.from_options(&[zero], &[two]); // {0|2} = 1
    /// assert_eq!(g, one);
    /// let star = store.star();
    /// let g = store.from_options(&[star], &[star]); // {*|*} = 0
    /// assert_eq!(g, zero);
    /// ```
    pub fn from_options(&mut self, left: &[Game], right: &[Game]) -> Game {
        if self.halted() {
            return self.zero();
        }
        let mut left = left.to_vec();
        let mut right = right.to_vec();
        let mut memo = FormMemo::new();
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
            let mut changed = false;
            // Left options reversible through some G^LR <= G.
            let mut new_left = Vec::with_capacity(left.len());
            for &l in &left {
                let mut reversed = None;
                for lr in self.options(l, false) {
                    if self.le_game_form(lr, &left, &right, &mut memo) {
                        reversed = Some(lr);
                        break;
                    }
                }
                match reversed {
                    Some(lr) => {
                        new_left.extend(self.options(lr, true));
                        changed = true;
                    }
                    None => new_left.push(l),
                }
            }
            // Right options reversible through some G^RL >= G.
            let mut new_right = Vec::with_capacity(right.len());
            for &r in &right {
                let mut reversed = None;
                for rl in self.options(r, true) {
                    if self.le_form_game(&left, &right, rl, &mut memo) {
                        reversed = Some(rl);
                        break;
                    }
                }
                match reversed {
                    Some(rl) => {
                        new_right.extend(self.options(rl, false));
                        changed = true;
                    }
                    None => new_right.push(r),
                }
            }
            left = new_left;
            right = new_right;
            if !changed {
                break;
            }
        }
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        self.intern_canonical(left, right)
    }

    /// Removes the options dominated by another one: for Left (`left == true`) those `<=`
    /// another option, for Right those `>=` another. The options are distinct games.
    fn remove_dominated(&mut self, options: &mut Vec<Game>, left: bool) {
        if options.len() < 2 {
            return;
        }
        let all = options.clone();
        options.retain(|&a| {
            !all.iter().any(|&b| b != a && if left { self.le(a, b) } else { self.le(b, a) })
        });
    }

    /// `x <= G` for a canonical `x` and `G = {left | right}` with canonical options.
    ///
    /// `x <= G` unless some `x^L >= G` or some `G^R <= x`. The recursion only descends into
    /// `x`; for a number `x` it ends after at most `k + 2` steps (denominator `2^k`).
    fn le_game_form(
        &mut self,
        x: Game,
        left: &[Game],
        right: &[Game],
        memo: &mut FormMemo,
    ) -> bool {
        if let Some(&answer) = memo.get(&(x, true)) {
            return answer;
        }
        let mut answer = !right.iter().any(|&r| self.le(r, x));
        if answer {
            for xl in self.options(x, true) {
                if self.le_form_game(left, right, xl, memo) {
                    answer = false;
                    break;
                }
            }
        }
        memo.insert((x, true), answer);
        answer
    }

    /// `G <= y` for `G = {left | right}` with canonical options and a canonical `y`.
    fn le_form_game(
        &mut self,
        left: &[Game],
        right: &[Game],
        y: Game,
        memo: &mut FormMemo,
    ) -> bool {
        if let Some(&answer) = memo.get(&(y, false)) {
            return answer;
        }
        let mut answer = !left.iter().any(|&l| self.le(y, l));
        if answer {
            for yr in self.options(y, false) {
                if self.le_game_form(yr, left, right, memo) {
                    answer = false;
                    break;
                }
            }
        }
        memo.insert((y, false), answer);
        answer
    }

    /// Stores the canonical form `{left | right}` (sorted, distinct, canonical options),
    /// turning the forms of numbers into number nodes.
    fn intern_canonical(&mut self, left: Vec<Game>, right: Vec<Game>) -> Game {
        if left.len() <= 1 && right.len() <= 1 {
            let l = left.first().and_then(|&g| self.as_number(g)).cloned();
            let r = right.first().and_then(|&g| self.as_number(g)).cloned();
            let numeric =
                left.len() == usize::from(l.is_some()) && right.len() == usize::from(r.is_some());
            if numeric && (l.is_none() || r.is_none() || l < r) {
                // l < r was just checked, so the interval is not empty.
                if let Ok(x) = Dyadic::simplest_between(l.as_ref(), r.as_ref()) {
                    return self.number(x);
                }
            }
        }
        self.intern_general(left, right)
    }

    /// Stores a general canonical form (not a number; options sorted and distinct).
    fn intern_general(&mut self, left: Vec<Game>, right: Vec<Game>) -> Game {
        let hash = self.hasher.hash_one((&left[..], &right[..]));
        let nodes = &self.nodes;
        if let Some(&g) =
            self.generals.find(hash, |&g| sides(nodes, g) == Some((&left[..], &right[..])))
        {
            return g;
        }
        let birthday = left
            .iter()
            .chain(right.iter())
            .map(|&g| &self.node(g).birthday)
            .max()
            .cloned()
            .unwrap_or_default()
            + 1u32;
        let nus = self.recognise_nus(&left, &right);
        self.option_handles += left.len() + right.len();
        let kind = Kind::General { left: left.into_boxed_slice(), right: right.into_boxed_slice() };
        let g = self.push(Node { kind, birthday, nus });
        let (nodes, hasher) = (&self.nodes, &self.hasher);
        self.generals
            .insert_unique(hash, g, |&g| hasher.hash_one(sides(nodes, g).unwrap_or_default()));
        g
    }

    /// About how many bytes the games of the store take (what
    /// [`clear_memos`](Self::clear_memos) does not free): their nodes, the option lists of
    /// the general ones, and the hash tables that find them. Kept up to date as games are
    /// made, so that asking costs nothing.
    pub fn game_bytes(&self) -> usize {
        // A birthday is a `BigUint`: a word or two on the heap besides the node.
        let per_node = size_of::<Node>() + 2 * size_of::<u64>();
        let buckets = |capacity: usize, entry: usize| capacity.saturating_mul(entry + 1) / 7 * 8;
        self.nodes
            .capacity()
            .saturating_mul(per_node)
            .saturating_add(self.option_handles.saturating_mul(size_of::<Game>()))
            .saturating_add(buckets(self.generals.capacity(), size_of::<Game>()))
            .saturating_add(buckets(self.numbers.capacity(), size_of::<(Dyadic, Game)>()))
    }

    /// The `x + n·↑ + *m` form of the general canonical game `{left | right}`, if it has one.
    ///
    /// The canonical form of `x + n·↑ + *m` is that of `n·↑ + *m` (see [`nus_options`],
    /// checked against sums in the tests) with `x` added to every option, so every option
    /// has number part `x`; candidates `(n, m)` are read off the options and checked exactly.
    fn recognise_nus(&self, left: &[Game], right: &[Game]) -> Option<Nus> {
        // Every option must itself be a number or of this form, with one number part.
        let mut parts = Vec::with_capacity(left.len() + right.len());
        for &g in left.iter().chain(right) {
            parts.push(self.nus_of(g)?);
        }
        let x = parts.first()?.number.clone();
        if parts.iter().any(|p| p.number != x) {
            return None;
        }
        let sides = |options: &[Game]| -> Vec<(i64, u64)> {
            let mut v: Vec<(i64, u64)> = options
                .iter()
                .map(|&g| {
                    let p = self.nus_of(g).expect("checked above");
                    (p.ups, p.star.value())
                })
                .collect();
            v.sort_unstable();
            v
        };
        let (ls, rs) = (sides(left), sides(right));
        if ls == rs && ls.iter().all(|&(n, _)| n == 0) {
            // Only x + *m qualifies: its options are x + *j for every j < m.
            let is_star = ls.iter().enumerate().all(|(j, &(_, s))| s == j as u64);
            return is_star.then(|| Nus { number: x, ups: 0, star: Nimber::from_usize(ls.len()) });
        }
        if ls.len() > 2 || rs.len() > 2 {
            return None;
        }
        // Candidates (n, m): the structure of the options pins them down; each candidate is
        // checked by comparing the options with the exact canonical options of n·↑ + *m.
        let mut candidates: Vec<(i64, u64)> = Vec::new();
        let mex = |v: &[(i64, u64)]| -> u64 {
            let mut m = 0;
            while v.iter().any(|&(n, s)| n == 0 && s == m) {
                m += 1;
            }
            m
        };
        for &(n, s) in ls.iter().chain(&rs) {
            for dn in [-1, 0, 1] {
                candidates.push((n.saturating_add(dn), s));
                candidates.push((n.saturating_add(dn), s ^ 1));
            }
        }
        candidates.push((0, mex(&ls)));
        candidates.push((0, mex(&rs)));
        candidates.sort_unstable();
        candidates.dedup();
        for (n, m) in candidates {
            if (n, m) == (0, 0) {
                continue;
            }
            let (el, er) = nus_options(n, m);
            if el == ls && er == rs {
                return Some(Nus { number: x, ups: n, star: Nimber::new(m) });
            }
        }
        None
    }

    /// The number-up-star form of `g` including plain numbers (`n = 0`, `m = 0`).
    fn nus_of(&self, g: Game) -> Option<Nus> {
        let node = self.node(g);
        match &node.kind {
            Kind::Number(x) => Some(Nus { number: x.clone(), ups: 0, star: Nimber::ZERO }),
            Kind::General { .. } => node.nus.clone(),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Inspection.

    /// The number `g` is equal to, if it is a number.
    pub fn as_number(&self, g: Game) -> Option<&Dyadic> {
        match &self.node(g).kind {
            Kind::Number(x) => Some(x),
            Kind::General { .. } => None,
        }
    }

    /// Tells whether `g` is (equal to) a number.
    pub fn is_number(&self, g: Game) -> bool {
        self.as_number(g).is_some()
    }

    /// The nimber `g` is equal to, if it is `0` or a nimber `*m`.
    pub fn as_nimber(&self, g: Game) -> Option<Nimber> {
        self.nus_of(g).filter(|p| p.number.is_zero() && p.ups == 0).map(|p| p.star)
    }

    /// The decomposition `x + n·↑ + *m` of `g`, if it has one (numbers included).
    ///
    /// ```
    /// use grundy_partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("1/2^^*3")?;
    /// let nus = store.as_nus(g).unwrap();
    /// assert_eq!((nus.number.to_string(), nus.ups, nus.star.value()), ("1/2".into(), 2, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_nus(&self, g: Game) -> Option<Nus> {
        self.nus_of(g)
    }

    /// The Left options of `g`'s canonical form (for a number, made on demand).
    pub fn left_options(&mut self, g: Game) -> Vec<Game> {
        self.options(g, true)
    }

    /// The Right options of `g`'s canonical form (for a number, made on demand).
    pub fn right_options(&mut self, g: Game) -> Vec<Game> {
        self.options(g, false)
    }

    /// The stored options of a general game (none for a number, whose options are made on
    /// demand).
    pub(crate) fn stored_options(&self, g: Game) -> (&[Game], &[Game]) {
        match &self.node(g).kind {
            Kind::General { left, right } => (left, right),
            Kind::Number(_) => (&[], &[]),
        }
    }

    fn options(&mut self, g: Game, left: bool) -> Vec<Game> {
        match &self.node(g).kind {
            Kind::General { left: l, right: r } => {
                if left {
                    l.to_vec()
                } else {
                    r.to_vec()
                }
            }
            Kind::Number(x) => {
                let option = if left { x.left_option() } else { x.right_option() };
                option.map(|y| self.number(y)).into_iter().collect()
            }
        }
    }

    /// The birthday of `g`: the height of its canonical game tree (0 for `0`, 1 for `*`, `1`
    /// and `-1`, 2 for `1/2`, `↑` and `*2`...). Exact for numbers of any size.
    pub fn birthday(&self, g: Game) -> BigUint {
        self.node(g).birthday.clone()
    }

    // -----------------------------------------------------------------------------------------
    // Order.

    /// Tells whether `g <= h`: Left, playing second on `h - g`, wins.
    ///
    /// Memoised. On canonical forms `g <= h` unless some `g^L >= h` or some `h^R <= g`; a
    /// number `x` against a non-number `h` uses the number avoidance theorem (`x <= h` unless
    /// some `h^R <= x`), so huge numbers never unfold; two games `x + n·↑ + *m` compare by
    /// their parts.
    pub fn le(&mut self, g: Game, h: Game) -> bool {
        if g == h {
            return true;
        }
        if let Some(&answer) = self.le_memo.get(&(g, h)) {
            return answer;
        }
        if self.halted() {
            return false;
        }
        if let (Some(a), Some(b)) = (self.nus_of(g), self.nus_of(h)) {
            return nus_le(&a, &b);
        }
        let answer = match (&self.node(g).kind, &self.node(h).kind) {
            (Kind::Number(x), Kind::Number(y)) => x <= y,
            (Kind::Number(_), Kind::General { right, .. }) => {
                let right = right.clone();
                !right.iter().any(|&hr| self.le(hr, g))
            }
            (Kind::General { left, .. }, Kind::Number(_)) => {
                let left = left.clone();
                !left.iter().any(|&gl| self.le(h, gl))
            }
            (Kind::General { left, .. }, Kind::General { right, .. }) => {
                let (left, right) = (left.clone(), right.clone());
                !left.iter().any(|&gl| self.le(h, gl)) && !right.iter().any(|&hr| self.le(hr, g))
            }
        };
        if !self.stopped() {
            self.le_memo.insert((g, h), answer);
        }
        answer
    }

    /// Tells whether `g >= h`.
    pub fn ge(&mut self, g: Game, h: Game) -> bool {
        self.le(h, g)
    }

    /// Tells whether `g < h`.
    pub fn lt(&mut self, g: Game, h: Game) -> bool {
        g != h && self.le(g, h)
    }

    /// Tells whether `g > h`.
    pub fn gt(&mut self, g: Game, h: Game) -> bool {
        self.lt(h, g)
    }

    /// Tells whether `g || h` (confused: neither `<=` nor `>=`).
    pub fn is_confused(&mut self, g: Game, h: Game) -> bool {
        self.cmp(g, h) == GameOrdering::Confused
    }

    /// How `g` compares with `h`.
    ///
    /// ```
    /// use grundy_partizan::{GameOrdering, GameStore};
    ///
    /// let mut store = GameStore::new();
    /// let (up, star, zero) = (store.up(), store.star(), store.zero());
    /// assert_eq!(store.cmp(up, zero), GameOrdering::Greater);
    /// assert_eq!(store.cmp(up, star), GameOrdering::Confused);
    /// assert_eq!(store.cmp(zero, up), GameOrdering::Less);
    /// ```
    pub fn cmp(&mut self, g: Game, h: Game) -> GameOrdering {
        if g == h {
            return GameOrdering::Equal;
        }
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => GameOrdering::Equal, // not reached: canonical forms are unique
            (true, false) => GameOrdering::Less,
            (false, true) => GameOrdering::Greater,
            (false, false) => GameOrdering::Confused,
        }
    }

    /// How `g` compares with `h` as an [`Ordering`], `None` when they are confused.
    pub fn partial_cmp(&mut self, g: Game, h: Game) -> Option<Ordering> {
        self.cmp(g, h).to_ordering()
    }

    /// The outcome class of `g`: L when `g > 0`, R when `g < 0`, P when `g = 0`, N when
    /// `g || 0`.
    pub fn outcome(&mut self, g: Game) -> PartizanOutcome {
        let zero = self.zero();
        match self.cmp(g, zero) {
            GameOrdering::Greater => PartizanOutcome::L,
            GameOrdering::Less => PartizanOutcome::R,
            GameOrdering::Equal => PartizanOutcome::P,
            GameOrdering::Confused => PartizanOutcome::N,
        }
    }

    // -----------------------------------------------------------------------------------------
    // Arithmetic.

    /// The negative `-g = {-g^R | -g^L}` (memoised).
    pub fn neg(&mut self, g: Game) -> Game {
        if let Some(&n) = self.neg_memo.get(&g) {
            return n;
        }
        if self.halted() {
            return self.zero();
        }
        if let Some(nus) = self.nus_of(g).filter(|nus| nus.ups != 0 || !nus.number.is_zero()) {
            // -(x + n·↑ + *m) = -x - n·↑ + *m, without walking the chain of ups.
            let minus = Nus { number: -&nus.number, ups: nus.ups.saturating_neg(), star: nus.star };
            let n = self.nus(&minus);
            if !self.stopped() {
                self.neg_memo.insert(g, n);
                self.neg_memo.insert(n, g);
            }
            return n;
        }
        let n = match &self.node(g).kind {
            Kind::Number(x) => {
                let x = -x;
                self.number(x)
            }
            Kind::General { left, right } => {
                let (left, right) = (left.clone(), right.clone());
                let mut new_left: Vec<Game> = right.iter().map(|&r| self.neg(r)).collect();
                let mut new_right: Vec<Game> = left.iter().map(|&l| self.neg(l)).collect();
                new_left.sort_unstable();
                new_right.sort_unstable();
                // The negative of a canonical form is canonical.
                self.intern_general(new_left, new_right)
            }
        };
        if !self.stopped() {
            self.neg_memo.insert(g, n);
            self.neg_memo.insert(n, g);
        }
        n
    }

    /// The disjunctive sum `g + h` in canonical form (memoised).
    ///
    /// Numbers add exactly; games `x + n·↑ + *m` add part by part; a number `x` plus any
    /// other game `h` is `{h^L + x | h^R + x}` (number translation), so huge numbers never
    /// unfold.
    pub fn sum(&mut self, g: Game, h: Game) -> Game {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sum_memo.get(&key) {
            return s;
        }
        if self.halted() {
            return zero;
        }
        let s = match (self.as_number(g).cloned(), self.as_number(h).cloned()) {
            (Some(x), Some(y)) => self.number(x + y),
            _ if self.nus_of(g).is_some() && self.nus_of(h).is_some() => {
                // (x + n·↑ + *m) + (y + k·↑ + *j) = (x + y) + (n + k)·↑ + *(m ⊕ j).
                let (a, b) =
                    (self.nus_of(g).unwrap_or_default(), self.nus_of(h).unwrap_or_default());
                let nus = Nus {
                    number: &a.number + &b.number,
                    ups: a.ups.saturating_add(b.ups),
                    star: a.star + b.star,
                };
                self.nus(&nus)
            }
            (Some(_), None) => self.translate(h, g),
            (None, Some(_)) => self.translate(g, h),
            (None, None) => {
                let (gl, gr) = (self.options(g, true), self.options(g, false));
                let (hl, hr) = (self.options(h, true), self.options(h, false));
                let mut left = Vec::with_capacity(gl.len() + hl.len());
                let mut right = Vec::with_capacity(gr.len() + hr.len());
                for &o in &gl {
                    left.push(self.sum(o, h));
                }
                for &o in &hl {
                    left.push(self.sum(g, o));
                }
                for &o in &gr {
                    right.push(self.sum(o, h));
                }
                for &o in &hr {
                    right.push(self.sum(g, o));
                }
                self.from_options(&left, &right)
            }
        };
        if !self.stopped() {
            self.sum_memo.insert(key, s);
        }
        s
    }

    /// `h + x` for a non-number `h` and a number `x`: `{h^L + x | h^R + x}`.
    fn translate(&mut self, h: Game, x: Game) -> Game {
        let (hl, hr) = (self.options(h, true), self.options(h, false));
        let left: Vec<Game> = hl.iter().map(|&o| self.sum(o, x)).collect();
        let right: Vec<Game> = hr.iter().map(|&o| self.sum(o, x)).collect();
        self.from_options(&left, &right)
    }

    /// The difference `g - h = g + (-h)`.
    pub fn sub(&mut self, g: Game, h: Game) -> Game {
        let minus = self.neg(h);
        self.sum(g, minus)
    }
}

/// `a <= b` for games `x + n·↑ + *m`, from the sign of the difference `d = a - b`.
///
/// A non-zero number part decides. Otherwise `d = n·↑ + *m` and `d <= 0` exactly when
/// `n <= 0` (for `m = 0`), `n <= -2` (for `m = 1`: `↓*` is confused with 0) or `n <= -1`
/// (for `m >= 2`: `*m` is confused with 0, `↓*m` is negative). The tests check this against
/// the definition.
fn nus_le(a: &Nus, b: &Nus) -> bool {
    let x = &a.number - &b.number;
    if !x.is_zero() {
        return x.is_negative();
    }
    let n = i128::from(a.ups) - i128::from(b.ups);
    match (a.star + b.star).value() {
        0 => n <= 0,
        1 => n <= -2,
        _ => n <= -1,
    }
}

/// The sorted `(ups, star)` pairs of the Left and Right options of the canonical form of
/// `n·↑ + *m` (number part 0; `(n, m) != (0, 0)`).
///
/// - `*m = {0, *, ..., *(m-1) | same}`;
/// - `↑* = {0, * | 0}`;
/// - otherwise, for `n >= 1`: `n·↑ + *m = {0 | (n-1)·↑ + *(m ⊕ 1)}` (so `↑ = {0 | *}`,
///   `⇑ = {0 | ↑*}`, `↑*2 = {0 | *3}`; checked against the definition of the sum in the
///   tests for `|n| <= 4`, `m <= 5`);
/// - `n < 0`: the negative of `(-n)·↑ + *m`.
fn nus_options(n: i64, m: u64) -> NusSides {
    if n < 0 {
        let (l, r) = nus_options(n.saturating_neg(), m);
        let flip = |v: Vec<(i64, u64)>| {
            let mut v: Vec<(i64, u64)> =
                v.into_iter().map(|(a, b)| (a.saturating_neg(), b)).collect();
            v.sort_unstable();
            v
        };
        return (flip(r), flip(l));
    }
    if n == 0 {
        let stars: Vec<(i64, u64)> = (0..m).map(|j| (0, j)).collect();
        return (stars.clone(), stars);
    }
    if n == 1 && m == 1 {
        return (vec![(0, 0), (0, 1)], vec![(0, 0)]);
    }
    (vec![(0, 0)], vec![(n - 1, m ^ 1)])
}

//! [`value_is`]: the query "is your value `j`?" answered by two searches in turn.

/// Queries "is your value `j`?" for `j` below this ask the children about `j` alone first, and
/// value the position from below only once none has `j` (see [`value_is`]): the values met in
/// a search are seldom below 4, and there the second search is mostly wasted.
pub const TWO_SEARCHES_FROM: u64 = 4;

/// Search A of [`value_is`] goes next only while it has spent at most `1 / A_SHARE` of
/// what B has: when the value is below `j`, as it mostly is when `j` is large, every child
/// query of A is wasted, while B's queries below `j` also serve later questions about the
/// same children.
pub const A_SHARE: u64 = 2;

/// Answers "is the value of a position `j`?" from its children: `Some(value)` when the search
/// found the exact value (`j` or another), `None` when the value is not `j` (and unknown).
///
/// The value is `j` unless a child has value `j` or some value below `j` is missing among
/// the children (the value is then the least missing one). Two searches look for that, a
/// child query at a time, the one that has spent less going next:
///
/// - **A** asks the children "is your value `j`?" until one says yes: fast when the value is
///   above `j`, where a child of value `j` usually turns up early.
/// - **B** values the position by aspiration below `j`: for `x = 0, 1, …` it asks the children
///   "is your value `x`?" until one says yes; when none has `x`, the value is `x`. Fast when
///   the value is below `j`, where A would have to ask every child, and every child of a
///   smaller value would have to find that value among its own children.
///
/// A goes next while it has spent at most half of what B has ([`A_SHARE`]), B otherwise. So
/// when A answers, B has spent at most twice what A spent, and when B answers, A has spent at
/// most half what B spent (each plus one child query); what each proved serves the other
/// through the caller's table. For `j` below [`TWO_SEARCHES_FROM`], A runs alone first and B
/// only once no child has `j`.
///
/// - `seen`: the values below 128 that children are known to have (children already valued,
///   or facts recorded earlier). The search adds every value a child reveals: on return it
///   holds the values the caller may record as children's values.
/// - `kids`: the children whose values are not known, in the order to ask them (cheapest
///   first, say). A child that answers with its exact value leaves the list; the others keep
///   their order.
/// - `ask(kid, x)`: asks a child "is your value `x`?" and returns its answer (`Some` of its
///   exact value, which need not be `x`, or `None` for "not `x`") and what the question cost
///   (nodes searched, say: it only ranks the two searches).
///
/// # Errors
///
/// The first error of `ask`, returned at once (`kids` and `seen` then hold what was learnt).
///
/// # Panics
///
/// If `j` is 128 or more.
///
/// # Example
///
/// A position whose children have the values 2, 3 and 0 (a child answers with its value only
/// when asked about it): its value is 1, so it is not 4, and the search finds that from below.
///
/// ```
/// use grundy_core::solver::value_is;
///
/// let mut kids = vec![2u64, 3, 0];
/// let mut seen = 0u128;
/// let answer = value_is::<_, ()>(4, &mut seen, &mut kids, |&mut v, x| Ok(((v == x).then_some(v), 1)));
/// assert_eq!(answer, Ok(Some(1)));
/// assert_eq!(seen, 0b1); // the child of value 0 was found, and left the list
/// assert_eq!(kids, [2, 3]);
/// ```
pub fn value_is<K, E>(
    j: u64,
    seen: &mut u128,
    kids: &mut Vec<K>,
    mut ask: impl FnMut(&mut K, u64) -> Result<(Option<u64>, u64), E>,
) -> Result<Option<u64>, E> {
    assert!(j < 128, "value_is asks about values below 128, not {j}");
    // `kids[..a]` are not `j`; `kids[..b]` are not `x`, the value B looks for.
    let (mut a, mut b, mut x) = (0, 0, 0);
    let (mut spent_a, mut spent_b) = (0u64, 0u64);
    loop {
        if *seen >> j & 1 == 1 {
            return Ok(None);
        }
        // Stops at `j` at the latest, which is not in `seen`.
        while *seen >> x & 1 == 1 {
            x += 1;
        }
        if x < j && b == kids.len() {
            // No child has `x`, and children have every value below it.
            return Ok(Some(x));
        }
        if x == j && a == kids.len() {
            return Ok(Some(j));
        }
        let by_a = a < kids.len()
            && (x == j || j < TWO_SEARCHES_FROM || spent_a.saturating_mul(A_SHARE) <= spent_b);
        let (i, question) = if by_a { (a, j) } else { (b, x) };
        let (answer, spent) = ask(&mut kids[i], question)?;
        if by_a {
            spent_a += spent;
        } else {
            spent_b += spent;
        }
        match answer {
            Some(y) => {
                kids.remove(i);
                a -= usize::from(a > i);
                b -= usize::from(b > i);
                if y < 128 {
                    *seen |= 1 << y;
                }
                if y == x {
                    // B goes on to the next value, from the first child.
                    b = 0;
                }
            }
            None if by_a => a += 1,
            None => b += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::mex;

    proptest! {
        /// Against the mex of the children's values, whatever the order of the children, what
        /// is known at the start, and the costs the searches report.
        #[test]
        fn value_is_agrees_with_the_mex(
            values in proptest::collection::vec(0u64..12, 0..14),
            known in proptest::collection::vec(0u64..12, 0..4),
            costs in proptest::collection::vec(1u64..50, 14),
            j in 0u64..14,
        ) {
            let all: Vec<u64> = values.iter().chain(&known).copied().collect();
            let value = mex(all.iter().map(|&v| crate::Nimber::new(v))).value();
            let mut seen: u128 = known.iter().fold(0, |s, &v| s | 1 << v);
            let mut kids: Vec<(u64, u64)> =
                values.iter().zip(&costs).map(|(&v, &c)| (v, c)).collect();
            let mut asked = 0;
            let answer = value_is::<_, ()>(j, &mut seen, &mut kids, |&mut (v, cost), x| {
                asked += 1;
                // A child reveals its value when asked about it, and sometimes otherwise.
                let reveal = v == x || (v + cost) % 3 == 0;
                Ok((reveal.then_some(v), cost))
            }).unwrap();
            match answer {
                Some(v) => prop_assert_eq!(v, value),
                None => prop_assert_ne!(value, j),
            }
            // Every value recorded is a child's value.
            for y in 0..128 {
                if seen >> y & 1 == 1 {
                    prop_assert!(all.contains(&y), "{} is no child's value", y);
                }
            }
            // Each child is asked at most once about each value up to `j`.
            prop_assert!(asked as u64 <= values.len() as u64 * (j + 1));
        }
    }
}

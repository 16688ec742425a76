//! Values of octal games by the definition: the mex over every option of a heap.

use grundy_core::{Nimber, NimberSet};

use crate::{OctalError, Rules};

/// The value of heap `g.len()` by the definition, given the values `g` of smaller heaps and
/// their maximum `max` (`set` is scratch space).
pub(crate) fn plain_value(
    rules: &Rules,
    g: &[u32],
    max: u32,
    set: &mut NimberSet,
) -> Result<u32, OctalError> {
    let n = g.len();
    if max < 64 {
        let mut mask = 0u64;
        options(rules, g, n, |v| mask |= 1 << v);
        Ok((!mask).trailing_zeros())
    } else {
        set.clear();
        options(rules, g, n, |v| {
            set.insert(Nimber::new(u64::from(v)));
        });
        let mex = set.mex().value();
        u32::try_from(mex).map_err(|_| OctalError::ValueOverflow { heap: n })
    }
}

/// Calls `add` with the value of every option of a heap of `n` (values of smaller heaps known).
fn options(rules: &Rules, g: &[u32], n: usize, mut add: impl FnMut(u32)) {
    let unequal = usize::from(rules.unequal_splits());
    for (j, &d) in rules.code().digits().iter().enumerate() {
        if j > n {
            break;
        }
        let m = n - j;
        if d & 1 != 0 && j >= 1 && m == 0 {
            add(0);
        }
        if d & 2 != 0 && j >= 1 && m >= 1 {
            add(g[m]);
        }
        if d & 4 != 0 && m >= 2 {
            // With unequal splits, a < m - a: a <= (m - 1) / 2.
            for a in 1..=(m - unequal) / 2 {
                add(g[a] ^ g[m - a]);
            }
        }
        if d & 8 != 0 && m >= 3 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    add(g[a] ^ g[b] ^ g[m - a - b]);
                }
            }
        }
    }
}

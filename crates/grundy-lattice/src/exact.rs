//! Exact linear programming over the rationals: the two-phase simplex method with Bland's rule.
//!
//! The rule-set axioms and the bounds of the box a dynamic programme needs are linear
//! programmes with a handful of variables and constraints. They are solved here exactly, in
//! arbitrary-precision rationals, so that an axiom is never accepted or refused because of a
//! rounding error. Bland's rule (the entering and the leaving variable are the admissible ones
//! of smallest index) guarantees termination.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// The answer of [`minimize`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lp {
    /// No point satisfies the constraints.
    Infeasible,
    /// The objective decreases without bound on the feasible set.
    Unbounded,
    /// An optimal point and the objective's value there.
    Optimal(Vec<BigRational>, BigRational),
}

/// One constraint `a · x (≤ | = | ≥) b`.
#[derive(Clone, Debug)]
pub(crate) struct Constraint {
    pub(crate) a: Vec<BigRational>,
    pub(crate) relation: Relation,
    pub(crate) b: BigRational,
}

/// The relation of a [`Constraint`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relation {
    AtMost,
    Equal,
    AtLeast,
}

/// A rational from an integer.
pub(crate) fn rat(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// Minimises `c · x` over `x ≥ 0` (`x` has `c.len()` coordinates) subject to `constraints`.
pub(crate) fn minimize(c: &[BigRational], constraints: &[Constraint]) -> Lp {
    let n = c.len();
    let m = constraints.len();
    // Columns: the n variables, one slack or surplus per inequality, one artificial per row.
    let slacks: Vec<Option<usize>> = {
        let mut next = n;
        constraints
            .iter()
            .map(|k| {
                (k.relation != Relation::Equal).then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    };
    let first_artificial = n + slacks.iter().flatten().count();
    let width = first_artificial + m;
    // Row i of the tableau: coefficients, then the right-hand side in the last column.
    let mut rows: Vec<Vec<BigRational>> = Vec::with_capacity(m);
    for (i, k) in constraints.iter().enumerate() {
        debug_assert_eq!(k.a.len(), n, "constraint of the wrong width");
        let mut row = vec![BigRational::zero(); width + 1];
        row[..n].clone_from_slice(&k.a);
        if let Some(s) = slacks[i] {
            row[s] = if k.relation == Relation::AtMost { rat(1) } else { rat(-1) };
        }
        row[width] = k.b.clone();
        if row[width].is_negative() {
            for x in row.iter_mut() {
                *x = -x.clone();
            }
        }
        row[first_artificial + i] = rat(1);
        rows.push(row);
    }
    let mut basis: Vec<usize> = (first_artificial..width).collect();

    // Phase 1: minimise the sum of the artificial variables.
    let mut phase1 = vec![BigRational::zero(); width];
    for x in &mut phase1[first_artificial..] {
        *x = rat(1);
    }
    if run(&mut rows, &mut basis, &phase1, width).is_err() {
        unreachable!("phase 1 is bounded below by zero");
    }
    let infeasibility: BigRational = basis
        .iter()
        .zip(&rows)
        .filter(|(b, _)| **b >= first_artificial)
        .map(|(_, r)| r[width].clone())
        .sum();
    if infeasibility.is_positive() {
        return Lp::Infeasible;
    }
    // Drive artificial variables out of the basis where a real column can replace them.
    for i in 0..m {
        if basis[i] >= first_artificial {
            if let Some(j) = (0..first_artificial).find(|&j| !rows[i][j].is_zero()) {
                pivot(&mut rows, &mut basis, i, j);
            }
        }
    }
    // Phase 2 on the real columns: artificial columns may no longer enter.
    let mut phase2 = vec![BigRational::zero(); width];
    phase2[..n].clone_from_slice(c);
    match run_restricted(&mut rows, &mut basis, &phase2, first_artificial, width) {
        Err(()) => Lp::Unbounded,
        Ok(()) => {
            let mut x = vec![BigRational::zero(); n];
            for (i, &b) in basis.iter().enumerate() {
                if b < n {
                    x[b] = rows[i][width].clone();
                }
            }
            let value = x.iter().zip(c).map(|(a, b)| a * b).sum();
            Lp::Optimal(x, value)
        }
    }
}

/// Runs the simplex method with every column allowed to enter.
fn run(
    rows: &mut [Vec<BigRational>],
    basis: &mut [usize],
    cost: &[BigRational],
    width: usize,
) -> Result<(), ()> {
    run_restricted(rows, basis, cost, width, width)
}

/// Runs the simplex method (Bland's rule) where only columns below `allowed` may enter.
/// `Err` means the objective is unbounded below.
fn run_restricted(
    rows: &mut [Vec<BigRational>],
    basis: &mut [usize],
    cost: &[BigRational],
    allowed: usize,
    width: usize,
) -> Result<(), ()> {
    loop {
        // Reduced cost of column j: c_j - sum over rows of c_basis * a_ij.
        let entering = (0..allowed).find(|&j| {
            if basis.contains(&j) {
                return false;
            }
            let mut reduced = cost[j].clone();
            for (i, &b) in basis.iter().enumerate() {
                if !cost[b].is_zero() && !rows[i][j].is_zero() {
                    reduced -= &cost[b] * &rows[i][j];
                }
            }
            reduced.is_negative()
        });
        let Some(j) = entering else { return Ok(()) };
        // Ratio test; ties broken by the smallest basic index (Bland).
        let mut leaving: Option<(usize, BigRational)> = None;
        for (i, row) in rows.iter().enumerate() {
            if row[j].is_positive() {
                let ratio = &row[width] / &row[j];
                let better = match &leaving {
                    None => true,
                    Some((l, best)) => ratio < *best || (ratio == *best && basis[i] < basis[*l]),
                };
                if better {
                    leaving = Some((i, ratio));
                }
            }
        }
        let Some((i, _)) = leaving else { return Err(()) };
        pivot(rows, basis, i, j);
    }
}

/// Makes column `j` basic in row `i`.
fn pivot(rows: &mut [Vec<BigRational>], basis: &mut [usize], i: usize, j: usize) {
    let p = rows[i][j].clone();
    for x in rows[i].iter_mut() {
        *x = &*x / &p;
    }
    let pivot_row = rows[i].clone();
    for (r, row) in rows.iter_mut().enumerate() {
        if r != i && !row[j].is_zero() {
            let f = row[j].clone();
            for (x, y) in row.iter_mut().zip(&pivot_row) {
                if !y.is_zero() {
                    *x -= &f * y;
                }
            }
        }
    }
    basis[i] = j;
}

/// The least common multiple of the denominators of `v`, times `v`: an integer vector on the
/// same ray.
pub(crate) fn to_integers(v: &[BigRational]) -> Vec<BigInt> {
    let lcm = v.iter().fold(BigInt::one(), |acc, x| {
        let d = x.denom();
        let g = num_integer::Integer::gcd(&acc, d);
        acc / g * d
    });
    v.iter().map(|x| (x * BigRational::from_integer(lcm.clone())).to_integer()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(a: &[i64], relation: Relation, b: i64) -> Constraint {
        Constraint { a: a.iter().map(|&x| rat(x)).collect(), relation, b: rat(b) }
    }

    #[test]
    fn small_programmes() {
        // min -x - y, x + 2y <= 4, 3x + y <= 6: optimum at (8/5, 6/5), value -14/5.
        let lp = minimize(
            &[rat(-1), rat(-1)],
            &[c(&[1, 2], Relation::AtMost, 4), c(&[3, 1], Relation::AtMost, 6)],
        );
        let Lp::Optimal(x, v) = lp else { panic!("{lp:?}") };
        assert_eq!(v, BigRational::new((-14).into(), 5.into()));
        assert_eq!(
            x,
            vec![BigRational::new(8.into(), 5.into()), BigRational::new(6.into(), 5.into())]
        );
        // x >= 1 and x <= 0 is infeasible.
        let lp =
            minimize(&[rat(0)], &[c(&[1], Relation::AtLeast, 1), c(&[1], Relation::AtMost, 0)]);
        assert_eq!(lp, Lp::Infeasible);
        // min -x with x - y = 0 is unbounded.
        let lp = minimize(&[rat(-1), rat(0)], &[c(&[1, -1], Relation::Equal, 0)]);
        assert_eq!(lp, Lp::Unbounded);
        // Negative right-hand sides: x - y <= -2, min x + y over x, y >= 0: (0, 2).
        let lp = minimize(&[rat(1), rat(1)], &[c(&[1, -1], Relation::AtMost, -2)]);
        assert_eq!(lp, Lp::Optimal(vec![rat(0), rat(2)], rat(2)));
    }

    #[test]
    fn integer_ray() {
        let v = [BigRational::new(1.into(), 2.into()), BigRational::new(2.into(), 3.into())];
        assert_eq!(to_integers(&v), vec![BigInt::from(3), BigInt::from(4)]);
    }
}

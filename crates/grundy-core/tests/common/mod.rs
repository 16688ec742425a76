//! What several test files share.

use grundy_core::Ruleset;

/// Kayles on rows of pins: knock down one or two adjacent pins, which may split a row. The
/// position splits into rows, and its canonical form sorts them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kayles;

impl Ruleset for Kayles {
    type Position = Vec<u8>;
    type Move = (usize, u8, u8);

    fn moves(&self, rows: &Vec<u8>, moves: &mut Vec<(usize, u8, u8)>) {
        for (i, &n) in rows.iter().enumerate() {
            for take in 1..=2u8.min(n) {
                moves.extend((0..=n - take).map(|left| (i, take, left)));
            }
        }
    }

    fn play(&self, rows: &Vec<u8>, &(i, take, left): &(usize, u8, u8)) -> Vec<u8> {
        let mut next = rows.clone();
        next[i] = left;
        next.push(rows[i] - take - left);
        next
    }

    fn components(&self, rows: &Vec<u8>, parts: &mut Vec<Vec<u8>>) {
        parts.extend(rows.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
    }

    fn canonical(&self, rows: &Vec<u8>) -> Vec<u8> {
        let mut c: Vec<u8> = rows.iter().copied().filter(|&n| n > 0).collect();
        c.sort_unstable();
        c
    }
}

//! A value on cache lines of its own.

/// `T` aligned to 128 bytes (two cache lines, the unit the processor's adjacent-line
/// prefetcher fetches), so that no other data shares its lines: writes by one thread to
/// something else then never evict what other threads read here, and the reverse.
#[derive(Debug, Default)]
#[repr(align(128))]
pub(crate) struct Padded<T>(pub(crate) T);

impl<T> core::ops::Deref for Padded<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Padded;

    #[test]
    fn neighbours_never_share_a_line() {
        let pair = [Padded(0u8), Padded(1u8)];
        let gap = core::ptr::from_ref(&pair[1]) as usize - core::ptr::from_ref(&pair[0]) as usize;
        assert_eq!(gap, 128);
        assert_eq!(*pair[1], 1);
    }
}

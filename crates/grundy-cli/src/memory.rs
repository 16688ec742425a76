//! Sizes checked against the machine: a request that would need more memory than is
//! available is refused with a clear error before any work, never left to abort.

/// The most bytes allowed where the available memory cannot be read (no `/proc/meminfo`):
/// 64 GiB.
const FALLBACK_BYTES: u128 = 64 << 30;

/// The largest heap searched move by move (Antonim, Tower, Rotisserie and Greedy Nim,
/// Demi-Quantum Nim, the heap parts of a sum): every amount of a heap is a move.
pub(crate) const MAX_SEARCHED_HEAP: u64 = 100_000;

/// Bytes in a GiB.
const GIB: f64 = (1u64 << 30) as f64;

/// The bytes of memory available to a new computation: `MemAvailable` of `/proc/meminfo`
/// on Linux, `None` where it cannot be read.
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// Checks that `items` items of `per_item` bytes each fit in the available memory (or, where
/// that cannot be read, in [`FALLBACK_BYTES`]); `what` names the request in the error, e.g.
/// `--upto 1000`.
pub(crate) fn check_memory(what: &str, items: u64, per_item: u64) -> Result<(), String> {
    let need = u128::from(items) * u128::from(per_item);
    let (have, whence) = match available_memory() {
        Some(bytes) => (u128::from(bytes), "available"),
        None => (FALLBACK_BYTES, "allowed (available memory unknown)"),
    };
    if need <= have {
        return Ok(());
    }
    // Lossy conversions are fine for a message of one decimal.
    #[allow(clippy::cast_precision_loss)]
    let (need, have) = (need as f64 / GIB, have as f64 / GIB);
    Err(format!("{what} needs about {need:.1} GiB, more than the {have:.1} GiB {whence}"))
}

/// Checks that no number among the whitespace-, comma- or `/`-separated tokens of `text`
/// exceeds `max`: heaps whose every amount is a move, searched move by move. Heaps count from
/// 1 in the error. The check is the library's ([`grundy::quantum::check_heaps`]), which the web
/// app shares.
pub(crate) fn check_heaps(text: &str, max: u64) -> Result<(), String> {
    grundy::quantum::check_heaps(text, max).map_err(|e| e.to_string())
}

/// Checks that a Node-Kayles graph of `order` vertices fits in memory: the ruleset keeps a
/// set of vertices (`order` bits) per vertex, and the search's positions are such sets too;
/// three sets per vertex are asked for.
pub(crate) fn check_vertex_sets(order: u64) -> Result<(), String> {
    check_memory(&format!("a graph of {order} vertices"), order, order.div_ceil(64) * 24)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_checks_compare_with_what_is_there() {
        assert_eq!(check_memory("--upto 10", 11, 16), Ok(()));
        let err = check_memory("--upto N", u64::MAX, 16).unwrap_err();
        assert!(
            err.starts_with("--upto N needs about 274877906944.0 GiB, more than the "),
            "{err}"
        );
    }

    #[test]
    fn heaps_over_the_bound_are_named() {
        assert_eq!(check_heaps("1 2, 3", 3), Ok(()));
        let err = check_heaps("1 / 2 99999999999999999999999999999999999999999", 5).unwrap_err();
        assert!(err.starts_with("heap '9999"), "{err}");
        assert!(err.contains("(heap 3)"), "{err}");
        assert!(check_heaps("7", 5).unwrap_err().contains("at most 5 tokens"));
    }
}

//! Test support shared by the crates of the grundy workspace: the harness of the fuzz
//! targets (`tests/fuzz.rs` in each crate, issue 22), one seeded generator of random inputs
//! ([`random`]) and one corpus of known values that every engine is run against ([`corpus`]).
//! Not published: the crates use it as a path dev-dependency only. It depends on no grundy
//! crate (they dev-depend on it), so it hands out plain data that each crate turns into its
//! own types.

pub mod corpus;
pub mod random;

/// The harness of the fuzz targets: cases per property from `GRUNDY_FUZZ_CASES`, a time and
/// peak-memory bound per case, round trips, and input strategies (any text, text over a
/// crate's alphabet, mutations of valid inputs with numbers at the edges of the limits).
pub mod fuzz {

    use std::fmt::{Debug, Display};
    use std::str::FromStr;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    use proptest::prelude::*;
    use proptest::sample::Index;

    /// The most resident memory the fuzz process may reach (checked every 256 cases from
    /// `/proc/self/status` where it exists): a case that allocated beyond the stated bounds of
    /// the target would push the peak past it.
    pub const PEAK_RSS: u64 = 1 << 30;

    /// Cases run by this process, to read the peak resident memory now and then.
    pub static CASES: AtomicUsize = AtomicUsize::new(0);

    /// The peak resident memory of the process in bytes (`VmHWM`), where Linux tells it.
    pub fn peak_rss() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// The longest a single case may take (debug builds included); a slower case is a hang.
    pub const CASE_TIME: Duration = Duration::from_secs(2);

    /// Cases per property: `GRUNDY_FUZZ_CASES` (default 2000, the short run of CI).
    pub fn config() -> ProptestConfig {
        let cases =
            std::env::var("GRUNDY_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
        ProptestConfig::with_cases(cases)
    }

    /// Runs `f` on `input` and asserts that it takes under [`CASE_TIME`]; every 256 cases, that
    /// the process's peak resident memory is under [`PEAK_RSS`].
    pub fn bounded<R>(input: &str, f: impl FnOnce(&str) -> R) -> R {
        let start = Instant::now();
        let result = f(input);
        let elapsed = start.elapsed();
        assert!(elapsed <= CASE_TIME, "{input:?} took {elapsed:?}");
        if CASES.fetch_add(1, Ordering::Relaxed) % 256 == 0 {
            if let Some(rss) = peak_rss() {
                assert!(rss <= PEAK_RSS, "peak RSS {rss} bytes after {input:?}");
            }
        }
        result
    }

    /// Asserts that `value` prints to a text that parses back to it.
    pub fn round_trips<T>(value: &T)
    where
        T: FromStr + Display + PartialEq + Debug,
        T::Err: Debug,
    {
        let text = value.to_string();
        let back = text.parse::<T>();
        assert_eq!(
            back.as_ref().ok(),
            Some(value),
            "{value:?} printed as {text:?}, read back as {back:?}"
        );
    }

    /// Numbers at the edges of the integer types and of the crates' limits, spliced into inputs.
    pub const HUGE: &[&str] = &[
        "99999999999999999999",
        "18446744073709551615",
        "18446744073709551616",
        "9223372036854775807",
        "-9223372036854775808",
        "4294967295",
        "4294967296",
        "1048575",
        "1048576",
        "65536",
        "0",
        "-1",
        "",
        " ",
        "\n",
        "\u{0}",
        "é",
        "∪",
    ];

    /// A valid input from `seeds` with up to six edits: insert, delete or replace a character,
    /// the inserted text drawn from `pieces` (the crate's alphabet) or [`HUGE`].
    pub fn mutated(
        seeds: &'static [&'static str],
        pieces: &'static [&'static str],
    ) -> impl Strategy<Value = String> {
        let piece = prop_oneof![prop::sample::select(pieces), prop::sample::select(HUGE)];
        (prop::sample::select(seeds), prop::collection::vec((0u8..3, any::<Index>(), piece), 0..6))
            .prop_map(|(seed, edits)| {
                let mut chars: Vec<char> = seed.chars().collect();
                for (op, at, piece) in edits {
                    let i = at.index(chars.len() + 1);
                    match op {
                        0 => {
                            chars.splice(i..i, piece.chars());
                        }
                        1 if i < chars.len() => {
                            chars.remove(i);
                        }
                        _ if i < chars.len() => {
                            chars.splice(i..=i, piece.chars());
                        }
                        _ => chars.extend(piece.chars()),
                    }
                }
                chars.into_iter().collect()
            })
    }

    /// Any text (`\PC*`), text over `alphabet` (a regex) and mutations of `seeds`.
    pub fn inputs(
        alphabet: &'static str,
        seeds: &'static [&'static str],
        pieces: &'static [&'static str],
    ) -> impl Strategy<Value = String> {
        prop_oneof![
            "\\PC{0,40}",
            proptest::string::string_regex(alphabet).expect("a valid regex"),
            mutated(seeds, pieces),
        ]
    }
}

//! Fuzz targets for CGSuite's notation in grundy-partizan: expressions (`Expr`'s `FromStr`),
//! their canonical forms ([`GameStore::parse`]) and dyadic numbers ([`Dyadic`]'s `FromStr`).
//! Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), the case ends within a time bound,
//! the process's peak resident memory stays under 1 GiB, and where the parse succeeds:
//! printing an expression and reading it back prints the same text, a game prints
//! ([`GameStore::display`]) to a text that parses back to the same game, a number prints to a
//! text that parses back to it. Nesting is limited to [`MAX_DEPTH`] levels, so no input
//! overflows the stack. Allocation bound (from the code): the expression tree is O(input
//! length); counts after `*`, `^` and `v` are at most [`MAX_COUNT`]; a number of `k` digits
//! takes O(k) bytes. Evaluating the tree is not bounded by the input length (a sum of many
//! switches has a canonical form exponential in the number of terms, and `*m` alone has
//! `m(m+1)/2` options in all), so `GameStore::parse` is fuzzed on texts of at most 24
//! characters with counts of at most two digits.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-partizan --test fuzz`.

use grundy_partizan::notation::{MAX_COUNT, MAX_DEPTH};
use grundy_partizan::{Dyadic, Expr, GameStore, ParseGameError};

// ---------------------------------------------------------------------------------------------
// Harness shared by the fuzz targets of every crate (the same text in each `tests/fuzz.rs`).
// ---------------------------------------------------------------------------------------------

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;

/// The most resident memory the fuzz process may reach (checked every 256 cases from
/// `/proc/self/status` where it exists): a case that allocated beyond the stated bounds of
/// the target would push the peak past it.
const PEAK_RSS: u64 = 1 << 30;

/// Cases run by this process, to read the peak resident memory now and then.
static CASES: AtomicUsize = AtomicUsize::new(0);

/// The peak resident memory of the process in bytes (`VmHWM`), where Linux tells it.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The longest a single case may take (debug builds included); a slower case is a hang.
const CASE_TIME: Duration = Duration::from_secs(2);

/// Cases per property: `GRUNDY_FUZZ_CASES` (default 2000, the short run of CI).
fn config() -> ProptestConfig {
    let cases =
        std::env::var("GRUNDY_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    ProptestConfig::with_cases(cases)
}

/// Runs `f` on `input` and asserts that it takes under [`CASE_TIME`]; every 256 cases, that
/// the process's peak resident memory is under [`PEAK_RSS`].
fn bounded<R>(input: &str, f: impl FnOnce(&str) -> R) -> R {
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
fn round_trips<T>(value: &T)
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
const HUGE: &[&str] = &[
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
fn mutated(
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
fn inputs(
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

const SEEDS: &[&str] = &[
    "{1||0|-1}",
    "^ + ^ + *",
    "{0,*|0,*}",
    "1/2^*",
    "vv*3",
    "±1 + -(3/4)",
    "{2|{1|0}}",
    "+-2 - {|}",
    "↑↑↓*",
    "*10000",
    "-7/8",
];
const PIECES: &[&str] = &[
    "{", "}", "|", "||", ",", "*", "^", "v", "+", "-", "±", "+-", "(", ")", "/", "1", "2", "0",
    "↑", "↓", "10001", "/3", "/1024",
];

/// Parses `text` as an expression and checks that its print reads back to the same print.
fn check_expr(text: &str) {
    if let Ok(e) = bounded(text, str::parse::<Expr>) {
        let printed = e.to_string();
        let back: Expr = printed.parse().expect("a printed expression parses back");
        assert_eq!(back.to_string(), printed);
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_expr(text in inputs("[{}|,*^v+\\-()/0-9 ±↑↓]{0,40}", SEEDS, PIECES)) {
        check_expr(&text);
    }

    #[test]
    fn fuzz_game_store(text in inputs("[{}|,*^v+\\-0-3]{0,24}", SEEDS, PIECES)) {
        // Counts of at most two digits: `*m` alone costs m(m+1)/2 handles (see
        // `largest_count_is_slow`).
        let small_counts = text.split(|c: char| !c.is_ascii_digit()).all(|run| run.len() <= 2);
        if text.chars().count() <= 24 && small_counts {
            let mut store = GameStore::new();
            if let Ok(g) = bounded(&text, |t| store.parse(t)) {
                let printed = store.display(g).to_string();
                assert_eq!(store.parse(&printed), Ok(g), "{text:?} printed as {printed:?}");
            }
        }
    }

    #[test]
    fn fuzz_dyadic(text in inputs("-?[0-9]{0,30}(/[0-9]{0,30})?", SEEDS, PIECES)) {
        if let Ok(x) = bounded(&text, str::parse::<Dyadic>) {
            round_trips(&x);
        }
    }
}

/// Regression (found by reading the parser while writing these targets, not reproduced
/// before the fix): the parser recursed once per brace, parenthesis or sign with no limit and
/// built a left-deep tree for sums, and printing, evaluating and dropping the tree recurse as
/// deep, so 10 000 `{` (or `-`, or a sum of 100 000 terms) meant as many nested calls, past
/// a test thread's 2 MiB stack. Nesting is now limited to [`MAX_DEPTH`] with
/// [`ParseGameError::TooDeep`].
#[test]
fn deep_nesting_is_refused() {
    let sum = vec!["1"; 100_000].join("+");
    let bars = format!("{{0{}}}", (1..300).map(|k| "|".repeat(k)).collect::<Vec<_>>().join("0"));
    for text in [
        "{".repeat(10_000),
        "(".repeat(10_000),
        "-".repeat(10_000),
        "±".repeat(10_000),
        "+-".repeat(10_000),
        format!("{}0{}", "{".repeat(10_000), "|}".repeat(10_000)),
        sum,
        bars,
    ] {
        let parsed = bounded(&text, str::parse::<Expr>);
        assert!(matches!(parsed, Err(ParseGameError::TooDeep { .. })), "{:.20}: {parsed:?}", text);
    }
}

/// Expressions up to the depth limit parse, print, evaluate and drop on a test thread's stack,
/// in debug builds too.
#[test]
fn deepest_expressions_are_accepted() {
    let mut nested = "0".to_owned();
    for _ in 1..MAX_DEPTH {
        nested = format!("{{{nested}|}}");
    }
    let sum = vec!["1"; MAX_DEPTH].join("+");
    let negations = format!("{}1", "-(".repeat(MAX_DEPTH / 2 - 1)) + &")".repeat(MAX_DEPTH / 2 - 1);
    for text in [nested, sum, negations] {
        check_expr(&text);
        let mut store = GameStore::new();
        let g = bounded(&text, |t| store.parse(t)).expect("within the depth limit");
        let printed = store.display(g).to_string();
        assert_eq!(store.parse(&printed), Ok(g));
    }
}

/// Counts and numbers of any length are refused or held in O(length).
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("*{long}"), str::parse::<Expr>).is_err());
    assert!(bounded(&format!("^{}", MAX_COUNT + 1), str::parse::<Expr>).is_err());
    assert!(bounded(&"^".repeat(100_000), str::parse::<Expr>).is_err());
    assert!(bounded(&format!("1/{long}"), str::parse::<Expr>).is_err());
    assert!(bounded(&long, str::parse::<Expr>).is_ok());
    assert!(bounded(&format!("1/{long}"), str::parse::<Dyadic>).is_err());
}

/// Not a bug of the parser but a cost to know: `*m` has `m(m+1)/2` handles in a store, so the
/// largest count accepted, `*10000` ([`MAX_COUNT`]), takes seconds (11 to 17 s in a debug
/// build on a shared machine). Run with
/// `cargo test --release -p grundy-partizan --test fuzz largest_count_is_slow -- --ignored --nocapture`.
#[test]
#[ignore = "seconds in release, a quarter of a minute in debug"]
fn largest_count_is_slow() {
    let start = Instant::now();
    let mut store = GameStore::new();
    let g = store.parse(&format!("*{MAX_COUNT}")).expect("the limit itself is accepted");
    println!("*{MAX_COUNT}: {:?}, peak RSS {:?} bytes", start.elapsed(), peak_rss());
    assert_eq!(store.display(g).to_string(), format!("*{MAX_COUNT}"));
}

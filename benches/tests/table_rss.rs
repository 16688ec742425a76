//! The solvers keep to their table memory bounds: runs `table_rss` (benches/src/bin) for each
//! engine under a small bound and a one-second time limit, and checks that the peak resident
//! size of the process stays within the bound plus [`OVERHEAD_MIB`].
//!
//! Linux only (the binary reads `VmHWM` of `/proc/self/status`); elsewhere the tests pass
//! without measuring. `benches/scripts/table_rss.sh` measures the same at 16, 64 and 256 MiB in
//! release.
#![allow(missing_docs, reason = "test functions")]

use std::process::{Child, Command, Stdio};

/// The table bound of every run.
const BOUND_MIB: u64 = 8;

/// What a process holds besides the solver's tables, allowed on top of the bound: the binary's
/// own pages and the C library (the `baseline_kib` of `table_rss`, 2 to 3 MiB in release and a
/// little more in the test profile), the allocator's slack and arenas (a few MiB at most, one
/// arena per thread), the game and the search's own state (its explicit stack, move buffers,
/// the rows of stored Transverse Wave parts: well under a MiB on these solves). Measured in
/// release with benches/scripts/table_rss.sh: at 16 MiB every bounded engine peaked below the
/// bound itself (14 to 15 MiB, of which 2 MiB baseline).
const OVERHEAD_MIB: u64 = 8;

/// Starts one measurement of `seconds`, its output piped.
fn start(engine: &str, seconds: u32) -> Child {
    Command::new(env!("CARGO_BIN_EXE_table_rss"))
        .args([engine, &BOUND_MIB.to_string(), &seconds.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("table_rss starts")
}

/// The value of `key=` in a line of `table_rss`.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace().find_map(|f| f.strip_prefix(key)?.strip_prefix('='))
}

/// Waits for a measurement and returns its line and peak in kiB.
fn finish(engine: &str, child: Child) -> (String, u64) {
    let out = child.wait_with_output().expect("table_rss runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "table_rss {engine}: {}: {stderr}", out.status);
    let line = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    let peak = field(&line, "peak_kib").and_then(|p| p.parse().ok()).expect("a peak_kib field");
    assert_eq!(field(&line, "engine"), Some(engine), "{line}");
    (line, peak)
}

/// Runs the engines one after the other for `seconds` each and checks each peak.
///
/// How far a solve gets in its time depends on the machine and its load, so a busy machine
/// fills less of the table: the check can then pass more easily, never fail wrongly. The
/// engines run one at a time so that they do not slow one another down.
fn check(engines: &[&str], seconds: u32) {
    if !std::path::Path::new("/proc/self/status").exists() {
        return;
    }
    for &engine in engines {
        let (line, peak_kib) = finish(engine, start(engine, seconds));
        let limit_kib = (BOUND_MIB + OVERHEAD_MIB) * 1024;
        eprintln!("{line}");
        assert!(
            peak_kib <= limit_kib,
            "{engine}: peak RSS {peak_kib} kiB above the bound {BOUND_MIB} MiB + {OVERHEAD_MIB} MiB \
             ({line})"
        );
    }
}

#[test]
fn bounded_engines_keep_to_their_table_bound() {
    check(&["core", "node-kayles", "transverse-wave"], 1);
}

/// grundy-partizan's `Solver::with_table_bytes` bounds its table (half), the store's memos (a
/// quarter) and the store's games (a quarter: a search whose games outgrow it stops with
/// `SolveError::MemoryLimit`). On 8 × 8 Domineering the process peaked at 28 MiB under an 8 MiB
/// bound while the games were unbounded, and at 12.6 MiB since (release, 2026-11-25).
#[test]
fn partizan_keeps_to_its_table_bound() {
    check(&["partizan"], 3);
}

#[test]
fn bad_arguments_are_reported_not_panicked() {
    for args in [&["nope", "8"][..], &["core", "x"], &["core"], &["core", "8", "-1"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_table_rss")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("table_rss: "), "{args:?}");
    }
}

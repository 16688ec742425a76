//! Fuzz target for the command line, in process (issue 22): argument vectors are parsed by
//! clap ([`Cli::try_parse_from`]) and run by [`run`], as `main` does, without printing.
//!
//! Each case is a subcommand name followed by, in equal parts: any text (`\PC{0,20}`, up to
//! four arguments), arguments over the subcommands' alphabets (flags of every subcommand,
//! numbers, separators, position letters), or a valid invocation (from `tests/cli.rs` and the
//! README) with up to six edits (insert, delete, replace or repeat an argument, or insert or
//! replace a character inside one; the inserted text is a flag of any subcommand, a piece of
//! a position text, a short random text, or a number at an edge: `u64::MAX`, `2^63`, `10^20`,
//! `0`, `-1`, ...). Every case asserts no panic (caught with `catch_unwind`; any `Err` is
//! fine), at most 2 s, and every 256 cases a peak resident memory under 1 GiB (the harness
//! of grundy-testkit).
//!
//! Bounds: `--time-limit 0.2` and `--max-nodes 20000` are put right after the subcommand
//! name of every case whose subcommand takes them (so a later edit cannot remove them; a
//! second `--time-limit` is a usage error). Subcommands without limits (`nim`, `dots`,
//! `lattice`, and any other found so at run time) answer in time without a search, and
//! the per-case time bound catches what an edit makes slow. Cases touch no file and no
//! standard input: `--plot` is dropped, `@` (read a file) becomes `%`, and a position `-`
//! (read standard input) becomes `0`. Ctrl-C is not installed in tests, so the
//! process-wide flags of [`crate::exit`] stay unset; cases run one after the other in one
//! test.
//!
//! Slow cases found by this target (release build, `--time-limit 0.2 --max-nodes 20000`),
//! all fixed; none is skipped any more:
//!
//! - `antonim`, `rotisserie-nim`, `greedy-nim` with one heap of 65 536 took 3.3 to 3.7 s and
//!   up to 1 GiB, `dq-nim '1 65536 5' --misere` 7.7 s (every node has a move per token, and
//!   the budget read the clock every 1024 nodes): grundy-core's meter also reads it every
//!   65 536 moves listed.
//! - `octal 0x0.f 65536 30 1` allocated 5 GiB for the winning moves of a code that splits in
//!   three: heaps above 1024 of such codes are no longer enumerated. `octal 0.137 10485767
//!   20` took 4.5 to 12.8 s (the winning moves of a heap of 2^24 were enumerated): heaps
//!   above 2^16 of a code with a proved period go by the period.
//! - `node-kayles --edges` on a path of 5000 vertices took 5.8 s: one node of a graph that
//!   large costs seconds (dense vertex sets of `n` bits, a flood per move), and the clock
//!   was read per 1024 nodes. The Node-Kayles engine then counted the words its set
//!   operations processed on wide sets and read the clock every 2^22 of them: 0.20 s. Since
//!   that engine gave way to grundy-core's solver (2026-11-27), where the value of a path is
//!   known at once and its 5000 winning-move children cost a split each, the solver reads
//!   the clock once per child of the winning moves: 0.28 s in a debug build.
//! - `octal 0.137 --upto 1000000` took 4.5 s (170 s without a limit): a period proved while
//!   one chunk of values was computed was forgotten by the next chunk. The sequence now
//!   keeps it (0.03 s), and chunks are sized from the measured cost per value.
//! - `cgt` and `lattice-game` took no limits (`cgt '*3000'` 20 s, `'{1|*3000} + {2|*1000}'`
//!   over a minute; `lattice-game --box 1048576,8 --stratify` 3 s): both now take
//!   `--max-nodes` and `--time-limit` (`GameStore::within`, `Outcomes::compute_within`,
//!   `propose_from_within`).
//! - `dots` with 100 000 dots took 22 s and printed 1.7 GB: `Dots::winning_dots` was
//!   quadratic and each winning move printed the whole row. It is linear now, and rows of
//!   more than 256 dots give only the runs each winning move leaves (0.03 s).
//!
//! Cases: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-cli fuzz`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use clap::{CommandFactory as _, Parser as _};
use grundy_testkit::fuzz::{bounded, config};
use proptest::prelude::*;
use proptest::sample::Index;

use crate::{Cli, run};

/// Valid invocations, the subcommand first (limits are added by [`prepare`]).
const SEEDS: &[&[&str]] = &[
    &["nim", "3", "5", "7"],
    &["nim", "--misere", "--json", "1", "1", "5"],
    &["nim", "340282366920938463463374607431768211456", "1"],
    &["antonim", "5", "1", "4"],
    &["antonim", "2", "3", "7", "--json"],
    &["tower-nim", "5", "2", "4"],
    &["tower-nim", "1", "--misere"],
    &["rotisserie-nim", "5", "2", "4"],
    &["greedy-nim", "--json", "3", "5", "1"],
    &["octal", "0.137", "--upto", "20"],
    &["octal", "0.137", "17", "20"],
    &["octal", ".137", "1000000000000000000"],
    &["octal", "grundy", "--upto", "20"],
    &["octal", "grundy", "10", "13"],
    &["octal", "{1,2,3}", "--upto", "9", "--method", "plain"],
    &["octal", "0.77", "--upto", "100", "--method", "rare-common", "--json"],
    &["octal", "0x0.f", "--upto", "30", "--plot", "picture.svg"],
    &["octal", "0.137", "--upto", "1000"],
    &["octal", "{1,3,4}", "10"],
    &["dots", "..x....."],
    &["dots", ".....", "--json"],
    &["transverse-wave", "gpg/ppg/ggg", "--show"],
    &["transverse-wave", "ppgg/ggpg", "--json"],
    &["transverse-wave", "g", "--misere", "--json"],
    &["crosswise-and", "101/001/111"],
    &["crosswise-or", "010/110/000"],
    &["avoid-true", "(x1 | x2 | x3 | x4) & (x1 | x5 | x6 | x7)", "--true", "x1", "--show"],
    &["avoid-true", "(a | b) & (b | c)", "--true", "d"],
    &["dq-nim", "2 2"],
    &["dq-nim", "5 3 0 4 2 2 / 1 3 3 2 1 0 / x", "--show"],
    &["dq-nim", "1 1 5", "--misere", "--json"],
    &["node-kayles", "--graph6", "Dhc"],
    &["node-kayles", "--edges", "0-1 1-2 2-3 3-4", "--show"],
    &["node-kayles", "--edges", "0-1 1-2 2-3", "--played", "1", "--json"],
    &["node-kayles", "--edges", "3: 0-1", "--misere", "--threads", "1"],
    &["friend-circle", "0-1t 0-2f 2-3t 1-3f 2-4f 3-4f / 0 1 2 3", "--show"],
    &["demographic-influence", "0-1 1-2 / 2 0 1 / 0; 1 2", "--show"],
    &["geography", "--edges", "0-1 1-2 2-3 3-4 4-0 0-5", "--start", "1"],
    &["geography", "--edges", "0>1 1>2 2>0", "--directed", "--start", "0"],
    &["geography", "--edges", "0-1 1-2", "--edge-version", "--used", "0"],
    &["nimg", "--edges", "0-1:3 1-2:2", "--on-edges", "--token", "1"],
    &["nimg", "--edges", "0-1", "--disks", "1 0", "--rule", "neighboring"],
    &["nimg", "--edges", "0-1 1-2", "--disks", "2 1 3", "--token", "0"],
    &["tw-search", "*3"],
    &["tw-search", "5"],
    &["geography", "--edges", "0-1 1-2 2-0 2-3", "--start", "0"],
    &["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "30,30"],
    &["cgt", "{1|*} + ^"],
    &["avoid-true", "(x1 | x2) & (x2 | x3)", "--true", "x1"],
    &["tw-search", "2", "--json", "--max-rows", "3", "--max-cols", "4"],
    &["lattice"],
    &["lattice", "--svg"],
    &["lattice", "--json"],
    &["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "4,2"],
    &["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "2,2", "--json"],
    &["lattice-game", "--rules", "1,0 0,1", "--misere", "--box", "3,3"],
    &["lattice-game", "--rules", "1,0,0 0,1,0 0,0,1", "--box", "1,1,1"],
    &["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "8,8", "--stratify"],
    &["lattice-game", "--rules", "2,0 0,1", "--defeated", "0,0 1,1", "--box", "5,5"],
    &[
        "lattice-game",
        "--rules",
        "0,1 1,1 -1,1",
        "--board",
        "Z^2: x1 >= x0, x1 >= -x0",
        "--box",
        "-3,0:3,3",
    ],
    &["lattice-game", "--rules", "1,1 2,0 0,2", "--lattice", "1,1 2,0", "--box", "4,4", "--json"],
    &["cgt", "{1|-1}"],
    &["cgt", "^ + ^ + * + 1/2"],
    &["cgt", "^ <= *"],
    &["cgt", "1/2 + 1/2 == 1"],
    &["cgt", "{0|*}", "--json"],
    &["cgt", "±1 + *3"],
    &["sum", "nim: 3 4", "transverse-wave: gpg/ggg"],
    &["sum", "--json", "antonim: 2 3 7", "node-kayles: 0-1 1-2 2-3"],
    &["sum", "octal 0.137: 7 9", "--show"],
    &["sum", "dq-nim: 2 2", "avoid-true: (x1 | x2)", "tower-nim: 3 1"],
    &["myopic-col", "--path", "u u r u b"],
    &["myopic-col", "--tree", "u(u(u,u),b)"],
    &["myopic-col", "--tree", "u(u,r)", "--json"],
    &["myopic-col", "--edges", "0>1 1>2", "--colours", "u u b"],
];

/// Numbers at the edges of the integer types and of the subcommands' limits, and odd texts.
const EDGES: &[&str] = &[
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775808",
    "-9223372036854775808",
    "100000000000000000000",
    "4294967296",
    "1048576",
    "65536",
    "100001",
    "0",
    "-1",
    "-0",
    "1e300",
    "NaN",
    "inf",
    "0.0000001",
    "",
    " ",
    "\n",
    "\u{0}",
    "é",
    "∪",
    "😀",
];

/// Pieces of the subcommands' position texts.
const PIECES: &[&str] = &[
    "0",
    "1",
    "3",
    "9",
    " ",
    ",",
    ".",
    "/",
    "-",
    ">",
    ":",
    ";",
    "|",
    "{",
    "}",
    "(",
    ")",
    "*",
    "^",
    "u",
    "b",
    "r",
    "g",
    "p",
    "t",
    "f",
    "x",
    "x1",
    "0-1",
    "1>2",
    "nim:",
    "octal 0.137:",
    "{1|-1}",
    "<=",
    "--",
    "-h",
];

/// The subcommand not fuzzed: `serve` runs a server until Ctrl-C (grundy-web has tests of
/// its own, its API fuzzed by its bad-input tests).
const NOT_FUZZED: &str = "serve";

/// The subcommands' names, but [`NOT_FUZZED`].
fn subcommands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .filter(|name| name != NOT_FUZZED)
        .collect()
}

/// The long flags of every subcommand, and `--help` and `--version`.
fn flags() -> Vec<String> {
    let command = Cli::command();
    let mut flags: Vec<String> = command
        .get_subcommands()
        .flat_map(clap::Command::get_arguments)
        .filter_map(clap::Arg::get_long)
        .map(|long| format!("--{long}"))
        .chain(["--help".to_owned(), "--version".to_owned()])
        .collect();
    flags.sort();
    flags.dedup();
    flags
}

/// A piece to insert: a number at an edge, a flag, a piece of a position or a short text.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(EDGES).prop_map(str::to_owned),
        prop::sample::select(flags()),
        prop::sample::select(PIECES).prop_map(str::to_owned),
        "\\PC{0,6}",
    ]
}

/// One edit of an argument vector (the subcommand, first, is kept).
#[derive(Clone, Debug)]
struct Edit {
    op: u8,
    arg: Index,
    at: Index,
    piece: String,
}

/// `seed` with `edits` applied.
fn edited(seed: &[&str], edits: Vec<Edit>) -> Vec<String> {
    let mut args: Vec<String> = seed.iter().map(|&a| a.to_owned()).collect();
    for Edit { op, arg, at, piece } in edits {
        let rest = args.len() - 1;
        let i = 1 + arg.index(rest + 1);
        match op {
            0 => args.insert(i, piece),
            1 if i < args.len() => {
                args.remove(i);
            }
            2 if i < args.len() => args[i] = piece,
            3 if i < args.len() => args.insert(i, args[i].clone()),
            4 | 5 if i < args.len() => {
                let mut chars: Vec<char> = args[i].chars().collect();
                let j = at.index(chars.len() + 1);
                let end = if op == 5 && j < chars.len() { j + 1 } else { j };
                chars.splice(j..end, piece.chars());
                args[i] = chars.into_iter().collect();
            }
            _ => args.push(piece),
        }
    }
    args
}

/// The argument vectors of the fuzz target, without limits: any text, the alphabet, and
/// edited valid invocations, in equal parts.
fn arguments() -> impl Strategy<Value = Vec<String>> {
    let names = prop::sample::select(subcommands());
    let any_text = (names.clone(), prop::collection::vec("\\PC{0,20}", 0..5))
        .prop_map(|(name, rest)| std::iter::once(name).chain(rest).collect());
    let word = prop_oneof![
        prop::sample::select(flags()),
        "[-0-9a-z.,:;/|(){}<>=*^+ ]{0,12}",
        prop::sample::select(EDGES).prop_map(str::to_owned),
    ];
    let alphabet = (names, prop::collection::vec(word, 0..7))
        .prop_map(|(name, rest)| std::iter::once(name).chain(rest).collect());
    let edit = (0u8..7, any::<Index>(), any::<Index>(), piece())
        .prop_map(|(op, arg, at, piece)| Edit { op, arg, at, piece });
    let mutated = (prop::sample::select(SEEDS), prop::collection::vec(edit, 0..7))
        .prop_map(|(seed, edits)| edited(seed, edits));
    prop_oneof![any_text, alphabet, mutated]
}

/// An argument that reads no file and no standard input and writes no file: `None` for
/// `--plot`, `@` replaced by `%`, a value `-` (alone, after `--flag=` or after a sum's
/// `FAMILY:`) by `0`.
fn harmless(arg: &str) -> Option<String> {
    if arg == "--plot" || arg.starts_with("--plot=") {
        return None;
    }
    let arg = arg.replace('@', "%");
    let (flag, value) = match arg.split_once('=') {
        Some((flag, value)) if flag.starts_with("--") => (format!("{flag}="), value.to_owned()),
        _ => (String::new(), arg),
    };
    let value = match value.split_once(':') {
        _ if value.trim() == "-" => "0".to_owned(),
        Some((family, text)) if text.trim() == "-" => format!("{family}: 0"),
        _ => value,
    };
    Some(flag + &value)
}

/// The command line of a case: the program's name, the subcommand, the limits it takes
/// (`--time-limit 0.2`, `--max-nodes 20000`), then the other arguments made [`harmless`].
fn prepare(args: &[String]) -> Vec<String> {
    let mut argv = vec!["grundy".to_owned()];
    let Some((name, rest)) = args.split_first() else { return argv };
    argv.push(name.clone());
    if let Some(sub) = Cli::command().find_subcommand(name) {
        let takes = |long: &str| sub.get_arguments().any(|a| a.get_long() == Some(long));
        if takes("time-limit") {
            argv.extend(["--time-limit".to_owned(), "0.2".to_owned()]);
        }
        if takes("max-nodes") {
            argv.extend(["--max-nodes".to_owned(), "20000".to_owned()]);
        }
    }
    argv.extend(rest.iter().filter_map(|a| harmless(a)));
    argv
}

/// The most characters of a command line shown in a failure.
const LABEL_CHARS: usize = 400;

/// Cases run so far (shrinking included), for `GRUNDY_FUZZ_LAST`.
static CASES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Parses and runs one case under the time and memory bounds, asserting that nothing
/// panics. Returns whether clap accepted the command line and whether the run gave an
/// answer.
fn check(args: &[String]) -> (bool, bool) {
    if args.first().is_some_and(|sub| sub == NOT_FUZZED) {
        return (false, false);
    }
    let argv = prepare(args);
    let case = CASES.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
    if let Some(path) = std::env::var_os("GRUNDY_FUZZ_LAST") {
        // A case that kills the process (out of memory) is named in this file, with the
        // number of cases run so far (the progress of a long run).
        let _ = std::fs::write(path, format!("case {case}: {argv:?}"));
    }
    let mut label = format!("{argv:?}");
    if let Some((cut, _)) = label.char_indices().nth(LABEL_CHARS) {
        label.truncate(cut);
        label.push_str("...");
    }
    bounded(&label, |_| {
        let outcome = catch_unwind(AssertUnwindSafe(|| match Cli::try_parse_from(&argv) {
            Ok(cli) => (true, run(cli.command).is_ok()),
            Err(e) => {
                // The usage error as `main` would show it (rendered, not printed).
                let _ = e.render().to_string();
                (false, false)
            }
        }));
        outcome.unwrap_or_else(|_| panic!("panic on {label}"))
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_command_line(args in arguments()) {
        check(&args);
    }
}

/// Strings of `args`.
fn owned(args: &[&str]) -> Vec<String> {
    args.iter().map(|&a| a.to_owned()).collect()
}

/// Every seed runs, within the bounds, and clap accepts it (the seeds are valid).
#[test]
fn seeds_are_valid_command_lines() {
    for seed in SEEDS {
        let (parsed, _) = check(&owned(seed));
        assert!(parsed, "{seed:?}");
    }
}

/// Cases read and write no file and no standard input, and get the limits.
#[test]
fn cases_are_harmless_and_limited() {
    let argv = prepare(&owned(&["sum", "-", "nim: -", "--plot", "x.svg", "@/dev/zero", "--x=-"]));
    assert_eq!(
        argv,
        owned(&[
            "grundy",
            "sum",
            "--time-limit",
            "0.2",
            "--max-nodes",
            "20000",
            "0",
            "nim: 0",
            "x.svg",
            "%/dev/zero",
            "--x=0"
        ])
    );
    assert_eq!(prepare(&owned(&["octal", "0.7"]))[2..4], owned(&["--time-limit", "0.2"]));
    assert_eq!(prepare(&owned(&["nim", "3"])).len(), 3);
    assert_eq!(prepare(&[]), owned(&["grundy"]));
}

/// Huge arguments: long numbers, long positions and texts are refused or answered within
/// the bounds.
#[test]
fn long_arguments_stay_within_bounds() {
    let long = "9".repeat(100_000);
    let braces = format!("{}0{}", "{".repeat(10_000), "|}".repeat(10_000));
    let edges = (0..5000).map(|v| format!("{v}-{}", v + 1)).collect::<Vec<_>>().join(" ");
    let cases: [&[&str]; 10] = [
        &["nim", &long, "1"],
        &["antonim", &long],
        &["octal", "0.137", "--upto", &long],
        &["octal", &format!("0.{long}")],
        &["dots", &".".repeat(100_000)],
        &["cgt", &braces],
        &["node-kayles", "--edges", &edges],
        &["lattice-game", "--rules", "1,0 0,1", "--box", &format!("{long},1")],
        &["myopic-col", "--tree", &"u(".repeat(50_000)],
        &["sum", &format!("nim: {long}")],
    ];
    for case in cases {
        check(&owned(case));
    }
}

/// The slow cases this target found (see the header), kept as regression cases: each must
/// stay within the bounds of every case.
#[test]
fn found_slow_cases_stay_within_bounds() {
    let cases: [&[&str]; 10] = [
        &["antonim", "65536"],
        &["dq-nim", "1 65536 5", "--misere"],
        &["octal", "0x0.f", "65536", "30", "1"],
        &["octal", "0.137", "10485767", "20"],
        &["octal", "0.137", "--upto", "1000000"],
        &["octal", "0.137", "--upto", "1000", "1048576"],
        &["cgt", "*3000"],
        &["cgt", "{1|*3000} + {2|*1000}"],
        &["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "1048576,8", "--stratify"],
        &["lattice-game", "--rules", "2,0 0,1", "--defeated", "10485760,0 1,1", "--box", "5,5"],
    ];
    for case in cases {
        check(&owned(case));
    }
}

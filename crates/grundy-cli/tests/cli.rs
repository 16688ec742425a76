//! The `grundy` program as a user runs it: output, exit status, one-line errors.

use std::io::{BufRead as _, BufReader, Read as _};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `args` fail with exit status 2 and a one-line error containing `needle`.
fn assert_bad_input(args: &[&str], needle: &str) {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = stderr(&out);
    assert!(err.contains(needle), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}");
}

/// `args` are a usage error: exit status 2, clap's whole message (which contains `needle`),
/// pointing at the help of the subcommand (`help`), nothing on stdout.
fn assert_usage_error(args: &[&str], needle: &str, help: &str) {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = stderr(&out);
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(err.contains(&format!("For more information, try '{help}'.")), "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}");
}

/// `args` are stopped by a limit: exit status 3, a report of what was proved (containing
/// `needle`) on stderr, nothing on stdout.
fn assert_stopped(args: &[&str], reason: &str, needle: &str) {
    let out = grundy(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
    assert!(err.starts_with("error: stopped"), "{args:?}: {err}");
    assert!(err.contains(reason), "{args:?}: {err}");
    assert!(err.contains("\nproved before stopping:\n"), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}");
}

#[test]
fn nim_prints_value_outcome_and_every_winning_move() {
    let out = grundy(&["nim", "3", "5", "7"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("value     *\n"), "{text}");
    assert!(text.contains("outcome   N (next player wins)"), "{text}");
    assert!(text.contains("winning moves (3):"), "{text}");
    assert!(text.contains("take 1 from heap 1  ->  2 5 7"), "{text}");
    assert!(text.contains("take 1 from heap 3  ->  3 5 6"), "{text}");
}

#[test]
fn nim_p_position_has_no_winning_move() {
    let text = stdout(&grundy(&["nim", "1", "2", "3"]));
    assert!(text.contains("value     0\n"), "{text}");
    assert!(text.contains("winning moves: none"), "{text}");
}

#[test]
fn nim_with_heaps_beyond_64_bits() {
    let out = grundy(&["nim", "340282366920938463463374607431768211456", "1"]);
    let text = stdout(&out);
    assert!(text.contains("value     *340282366920938463463374607431768211457"), "{text}");
}

#[test]
fn nim_misere_and_json() {
    let out = grundy(&["nim", "--misere", "--json", "1", "1", "5"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "{\"ruleset\":\"nim\",\"play\":\"misere\",\"position\":[1,1,5],\"position_text\":\"1 1 5\",\
         \"value\":null,\"value_text\":null,\"outcome\":\"N\",\"winning_moves\":[{\"move\":\
         {\"heap\":2,\"take\":4},\"move_text\":\"take 4 from heap 3\",\"to\":[1,1,1],\"to_text\":\"1 1 1\"}]}\n"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    for args in [&["nim", "3", "x", "7"][..], &["nim", "-3"], &[]] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(stdout(&out).is_empty());
    }
    let err = stderr(&grundy(&["nim", "3", "x", "7"]));
    assert_eq!(err, "error: invalid heap 'x' (heap 2): expected a non-negative integer\n");
}

#[test]
fn help_lists_the_subcommands() {
    let out = grundy(&["--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("nim"));
}

#[test]
fn antonim_reports_the_set_sorted_and_rejects_repeats() {
    let text = stdout(&grundy(&["antonim", "5", "1", "4"]));
    assert!(text.contains("position  1 4 5\n"), "{text}");
    assert!(text.contains("value     *5\n"), "{text}");
    assert!(text.contains("take 1 from heap 2  ->  1 3 5"), "{text}");
    let text = stdout(&grundy(&["antonim", "1", "3", "5"]));
    assert!(text.contains("outcome   P (previous player wins)"), "{text}");
    let out = grundy(&["antonim", "3", "7", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "error: duplicate heap '3' (heap 3): heap 1 has the same size\n");
}

#[test]
fn tower_nim_plays_the_last_heap() {
    let text = stdout(&grundy(&["tower-nim", "5", "2", "4"]));
    assert!(text.contains("value     *4\n"), "{text}");
    assert!(text.contains("winning moves (1):"), "{text}");
    assert!(text.contains("take 3 from the top heap  ->  5 2 1"), "{text}");
    let out = grundy(&["tower-nim", "5", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: empty heap '0' (heap 2): every heap holds at least one token\n"
    );
}

#[test]
fn rotisserie_nim_requeues_the_front_heap() {
    let text = stdout(&grundy(&["rotisserie-nim", "5", "2", "4"]));
    assert!(text.contains("outcome   N (next player wins)"), "{text}");
    assert!(text.contains("take 4 from the front heap  ->  2 4 1"), "{text}");
    assert!(text.contains("take 5 from the front heap  ->  2 4"), "{text}");
    let text = stdout(&grundy(&["rotisserie-nim", "2", "2"]));
    assert!(text.contains("value     0\n"), "{text}");
    let out = grundy(&["rotisserie-nim", "2", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "error: invalid heap 'x' (heap 2): expected a positive integer\n");
}

#[test]
fn greedy_nim_json_and_too_large_heaps() {
    let out = grundy(&["greedy-nim", "--json", "3", "5", "1"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "{\"ruleset\":\"greedy-nim\",\"play\":\"normal\",\"position\":[3,5,1],\
         \"position_text\":\"3 5 1\",\"value\":4,\"value_text\":\"*4\",\"outcome\":\"N\",\
         \"winning_moves\":[{\"move\":{\"heap\":1,\"take\":2},\"move_text\":\"take 2 from heap 2\",\
         \"to\":[3,3,1],\"to_text\":\"3 3 1\"}]}\n"
    );
    let text = stdout(&grundy(&["greedy-nim", "3", "5", "5", "1"]));
    assert!(text.contains("winning moves: none"), "{text}");
    let out = grundy(&["greedy-nim", "1", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: heap '18446744073709551615' (heap 2) is too large to search: at most 100000 tokens\n"
    );
}

#[test]
fn octal_sequence_with_its_certified_period() {
    let out = grundy(&["octal", "0.137", "--upto", "20"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("      10 | 3 2 2 4 0 5 2 2 3 3"), "{text}");
    assert!(text.contains("period    34, pre-period 52"), "{text}");
    assert!(text.contains("n0 = 52, p = 34, t = 3"), "{text}");
}

#[test]
fn octal_position_value_and_winning_moves() {
    let text = stdout(&grundy(&["octal", "0.137", "17", "20"]));
    assert!(text.contains("value     *2"), "{text}");
    assert!(text.contains("take 3 from heap 2 leaving 17        ->  17 17"), "{text}");
    // Heaps far beyond the computed values, through the proved period.
    let text = stdout(&grundy(&["octal", ".137", "1000000000000000000"]));
    assert!(text.contains("value     *7"), "{text}");
}

#[test]
fn octal_plot_writes_an_svg() {
    let path = std::env::temp_dir().join(format!("grundy-plot-{}.svg", std::process::id()));
    let out = grundy(&["octal", "0.77", "--upto", "100", "--plot", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(svg.starts_with("<svg"));
    // One point per heap (each lands on its own pixel), and one in the legend.
    assert_eq!(svg.matches("<circle").count(), 102);
}

#[test]
fn dots_reproduce_the_blogs_50_dot_game() {
    let text = stdout(&grundy(&["dots", &".".repeat(50)]));
    assert!(text.contains("value     *5"), "{text}");
    assert!(text.contains("mark dot 8 "), "{text}");
    assert!(text.contains("(runs: 6 41)"), "{text}");
}

#[test]
fn octal_and_dots_bad_input() {
    for args in [
        &["octal", "0.18"][..],
        &["octal", "0.137", "x"],
        &["octal", ""],
        &["dots", ".xx."],
        &["dots", "..a"],
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}");
    }
}

#[test]
fn octal_takes_grundys_game_and_subtraction_sets() {
    let text = stdout(&grundy(&["octal", "grundy", "--upto", "20"]));
    assert!(text.contains("code      grundy"), "{text}");
    assert!(text.contains("      10 | 0 2 1 3 2 1 3 2 4 3"), "{text}");
    assert!(text.contains("no periodicity theorem covers unequal splits"), "{text}");
    let text = stdout(&grundy(&["octal", "grundy", "10", "13"]));
    assert!(text.contains("split heap 2 into 5 and 8  ->  10 5 8"), "{text}");
    for method in ["fast", "rare-common", "plain"] {
        let text = stdout(&grundy(&["octal", "{1,2,3}", "--upto", "9", "--method", method]));
        assert!(text.contains("       0 | 0 1 2 3 0 1 2 3 0 1"), "{method}: {text}");
        assert!(text.contains("period    4, pre-period 0"), "{method}: {text}");
    }
    let out = grundy(&["octal", "{0,1}"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("0 is not a move"), "{}", stderr(&out));
}

#[test]
fn transverse_wave_family_values_moves_and_show() {
    let text = stdout(&grundy(&["transverse-wave", "gpg/ppg/ggg", "--show"]));
    assert!(text.contains("value     *\n"), "{text}");
    assert!(text.contains("column 2  ->  ppp/ppp/gpg"), "{text}");
    // The same board as Crosswise AND (green = 1) and Crosswise OR (green = 0).
    let and = stdout(&grundy(&["crosswise-and", "101/001/111"]));
    let or = stdout(&grundy(&["crosswise-or", "010/110/000"]));
    for other in [&and, &or] {
        assert!(other.contains("value     *\n") && other.contains("  column 2\n"), "{other}");
    }
    // Solved on several threads, the same report.
    let formula = "(x1 | x2 | x3) & (x1 | x4) & (x2 | x5 | x6) & (x3 | x6)";
    for args in [
        ["transverse-wave", "gpg/ppg/ggg", "--json"],
        ["transverse-wave", "ggpgpg/pgggpp/gpgpgg/ppgggp", "--json"],
        ["crosswise-or", "0110/1011/0001", "--show"],
        ["avoid-true", formula, "--show"],
        ["transverse-wave", HARD_WAVE, "--json"],
    ] {
        let alone = stdout(&grundy(&args));
        let mut threaded = args.to_vec();
        threaded.extend(["--threads", "3"]);
        assert_eq!(stdout(&grundy(&threaded)), alone, "{args:?}");
    }
    // Table 2 of the paper: (01)(2) with a fourth column is *3.
    let text = stdout(&grundy(&["transverse-wave", "ppgg/ggpg", "--json"]));
    assert!(text.contains("\"value\":3,"), "{text}");
    for (args, needle) in [
        (vec!["transverse-wave", "gpx/ggg"], "bad character 'x' at row 1, column 3"),
        (vec!["transverse-wave", "gp/ggg"], "row 2 has 3 cells"),
        (vec!["crosswise-and", ""], "empty"),
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}");
    }
}

#[test]
fn avoid_true_with_true_variables_is_solved_through_the_reductions() {
    let formula = "(x1 | x2 | x3 | x4) & (x1 | x5 | x6 | x7) & (x1 | x3 | x6) & (x2 | x5 | x8)";
    let text = stdout(&grundy(&["avoid-true", formula, "--true", "x8", "--show"]));
    assert!(text.contains("value     *\n"), "{text}");
    assert!(text.contains("make x3 true  ->  "), "{text}");
    let out = grundy(&["avoid-true", "(x1 | x2) & (x3", "--true", "x1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = grundy(&["avoid-true", "(a | b) & (b | c)", "--true", "d"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains('d'), "{}", stderr(&out));
}

#[test]
fn demi_quantum_nim_and_the_value_search() {
    let text = stdout(&grundy(&["dq-nim", "2 2"]));
    assert!(text.contains("value     0\n"), "{text}");
    let text = stdout(&grundy(&["dq-nim", "5 3 0 4 2 2 / 1 3 3 2 1 0 / x", "--show"]));
    assert!(text.contains("outcome"), "{text}");
    let out = grundy(&["dq-nim", "1 2 / 3"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&grundy(&["tw-search", "*3"]));
    assert!(text.contains("size      2 rows x 4 columns"), "{text}");
    assert!(text.contains("minimal   yes"), "{text}");
}

#[test]
fn lattice_prints_the_registry_as_dot() {
    let text = stdout(&grundy(&["lattice"]));
    assert!(text.starts_with("digraph lattice {"), "{text}");
    assert!(text.contains("\"Transverse Wave\" -> \"Crosswise AND\""), "{text}");
}

#[test]
fn node_kayles_from_graph6_and_edge_lists() {
    // 'Dhc' is the 5-cycle: every move leaves a path of two vertices (*1), so the cycle is 0.
    let text = stdout(&grundy(&["node-kayles", "--graph6", "Dhc"]));
    assert!(text.contains("value     0\n") && text.contains("winning moves: none"), "{text}");
    // The path on 5 vertices is heap 5 of 0.137: *3, won by the middle vertex.
    let text = stdout(&grundy(&["node-kayles", "--edges", "0-1 1-2 2-3 3-4", "--show"]));
    assert!(text.contains("value     *3\n"), "{text}");
    assert!(text.contains("vertex 2  ->  available {0, 4}"), "{text}");
    // After vertex 1 is played only vertex 3 is left.
    let text =
        stdout(&grundy(&["node-kayles", "--edges", "0-1 1-2 2-3", "--played", "1", "--json"]));
    assert!(text.contains("\"value\":1,") && text.contains("\"move\":3,"), "{text}");
    for (args, needle) in [
        (vec!["node-kayles", "--graph6", "D!c"], "invalid graph6 byte"),
        (vec!["node-kayles", "--edges", "0-1 1-1"], "loop"),
        (vec!["node-kayles", "--edges", "0-1", "--played", "5"], "out of range"),
        (vec!["node-kayles", "--edges", "0-1 1-2", "--played", "1,2"], "not available"),
    ] {
        assert_bad_input(&args, needle);
    }
    assert_usage_error(&["node-kayles"], "--edges", "grundy node-kayles --help");
    assert_usage_error(
        &["node-kayles", "--graph6", "Dhc", "--threads", "0"],
        "--threads",
        "grundy node-kayles --help",
    );
}

#[test]
fn node_kayles_threads_give_the_same_answer() {
    // The 6 x 7 grid: large enough that the search brings in its second thread.
    let mut edges = Vec::new();
    for r in 0..6 {
        for c in 0..7 {
            let v = r * 7 + c;
            if c + 1 < 7 {
                edges.push(format!("{v}-{}", v + 1));
            }
            if r + 1 < 6 {
                edges.push(format!("{v}-{}", v + 7));
            }
        }
    }
    let edges = edges.join(" ");
    let one = stdout(&grundy(&["node-kayles", "--edges", &edges, "--threads", "1"]));
    let two = stdout(&grundy(&["node-kayles", "--edges", &edges, "--threads", "2"]));
    assert!(one.contains("value "), "{one}");
    assert_eq!(one, two);
}

#[test]
fn friend_circle_and_demographic_influence() {
    // Figure 3 of Burke, Ferland and Teng (reconstructed).
    let text =
        stdout(&grundy(&["friend-circle", "0-1t 0-2f 2-3t 1-3f 2-4f 3-4f / 0 1 2 3", "--show"]));
    assert!(text.contains("value     *2\n"), "{text}");
    assert!(text.contains("seed 2  ->  0-1t 0-2t 1-3t 2-3t 2-4t 3-4t / 0 1 2 3"), "{text}");
    let text = stdout(&grundy(&["demographic-influence", "0-1 1-2 / 2 0 1 / 0; 1 2", "--show"]));
    assert!(text.contains("value     *3\n"), "{text}");
    assert!(
        text.contains("influence demographic 1 by 1  ->  0-1 1-2 / -1 -1 -1 / 0; 1 2"),
        "{text}"
    );
    for (args, needle) in [
        (vec!["friend-circle", "3: 0-1t / 7"], "seed 7"),
        (vec!["friend-circle", "0-1x / 0"], "0-1x"),
        (vec!["demographic-influence", "0-1 1-2 / 2 0 / 0"], "out of range"),
        (vec!["demographic-influence", "0-1 / 1 1"], "sections"),
    ] {
        assert_bad_input(&args, needle);
    }
}

#[test]
fn lattice_draws_an_svg_picture() {
    let text = stdout(&grundy(&["lattice", "--svg"]));
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"), "{text}");
    assert!(text.contains(">Friend Circle</text>"), "{text}");
}

#[test]
fn geography_every_version() {
    // The 5-cycle with a pendant vertex has a perfect matching: the player to move from 1 wins,
    // by the matching method and by search alike.
    let text =
        stdout(&grundy(&["geography", "--edges", "0-1 1-2 2-3 3-4 4-0 0-5", "--start", "1"]));
    assert!(text.contains("outcome   N") && text.contains("1 -> 2"), "{text}");
    // The directed triangle from 0: two moves are made, then the token is stuck.
    let text =
        stdout(&grundy(&["geography", "--edges", "0>1 1>2 2>0", "--directed", "--start", "0"]));
    assert!(text.contains("value     0\n"), "{text}");
    // Edge Geography on a path of two edges from an end: two crossings, then none.
    let text = stdout(&grundy(&[
        "geography",
        "--edges",
        "0-1 1-2",
        "--start",
        "0",
        "--edge-version",
        "--json",
    ]));
    assert!(text.contains("\"value\":0,"), "{text}");
    // Without a start vertex the first move places the token: on a path of three vertices
    // the first player starts at an end, which some maximum matching misses, so that the
    // opponent moves from a losing vertex; the middle is covered by every maximum matching.
    let text = stdout(&grundy(&["geography", "--edges", "0-1 1-2"]));
    assert!(text.contains("start on 0") && !text.contains("start on 1"), "{text}");
    for (args, needle) in [
        (vec!["geography", "--edges", "0-1 1-9x", "--start", "0"], "'1-9x'"),
        (vec!["geography", "--edges", "0-1", "--start", "5"], "out of range"),
        (vec!["geography", "--edges", "0-1 1-2", "--start", "0", "--used", "a"], "not a number"),
    ] {
        assert_bad_input(&args, needle);
    }
    assert_usage_error(&["geography", "--start", "0"], "--edges", "grundy geography --help");
}

#[test]
fn nimg_every_rule() {
    // One disk on each vertex, no moves to empty vertices: Undirected Vertex Geography, where
    // from an end of a path of three vertices the first player loses.
    let text = stdout(&grundy(&[
        "nimg",
        "--edges",
        "0-1 1-2",
        "--disks",
        "1 1 1",
        "--token",
        "0",
        "--rule",
        "remove-then-move-nonempty",
    ]));
    assert!(text.contains("value     0\n"), "{text}");
    // Edge NimG: taking all three disks of edge 0-1 strands the token on vertex 0.
    let text = stdout(&grundy(&["nimg", "--edges", "0-1:3 1-2:2", "--on-edges", "--token", "1"]));
    assert!(text.contains("take 3 from edge 0 (0-1)"), "{text}");
    // Neighboring Nim without a token: any heap may be played first.
    let text =
        stdout(&grundy(&["nimg", "--edges", "0-1", "--disks", "1 0", "--rule", "neighboring"]));
    assert!(text.contains("outcome   N") && text.contains("take 1 from vertex 0"), "{text}");
    for (args, needle) in [
        (vec!["nimg", "--edges", "0-1", "--disks", "1 x", "--token", "0"], "x"),
        (
            vec!["nimg", "--edges", "0-1", "--disks", "1 1", "--token", "0", "--rule", "jump"],
            "jump",
        ),
        (vec!["nimg", "--edges", "0-1", "--disks", "1 1"], "--token"),
        (vec!["nimg", "--edges", "0-1", "--disks", "1 1 1", "--token", "0"], "disk"),
        (
            vec!["nimg", "--edges", "0-1:3", "--on-edges", "--disks", "1 1", "--token", "0"],
            "--disks",
        ),
    ] {
        assert_bad_input(&args, needle);
    }
}

#[test]
fn lattice_game_prints_the_p_positions_of_a_box() {
    // Example 4.6 of Guo-Miller: Nim with heaps of at most 2, P-positions both coordinates even.
    let out = grundy(&["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "4,2"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("P-positions in the box: 6\n"), "{text}");
    assert!(text.ends_with("P.P.P\n.....\nP.P.P\n"), "{text}");
    let out = grundy(&["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "2,2", "--json"]);
    assert!(stdout(&out).contains("\"p_positions\":[[0,0],[0,2],[2,0],[2,2]]"));
    // Misère: the origin is defeated (x), a single heap of 1 is P.
    let out = grundy(&["lattice-game", "--rules", "1,0 0,1 -1,1", "--misere", "--box", "1,1"]);
    assert!(stdout(&out).ends_with("..\nxP\n"), "{}", stdout(&out));
    // Three dimensions: a list.
    let out = grundy(&["lattice-game", "--rules", "1,0,0 0,1,0 0,0,1", "--box", "1,1,1"]);
    assert!(stdout(&out).contains("  (1, 1, 0)\n"), "{}", stdout(&out));
}

/// `--board`: boards other than `N^d` (issue 19).
#[test]
fn lattice_game_on_a_board() {
    let args = ["lattice-game", "--rules", "1,0 1,2", "--board", "x1 <= 2 x0", "--box", "3,3"];
    let out = grundy(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("board: N^2: 2 x0 - x1 >= 0\n"), "{text}");
    // Off the board above the line x1 = 2 x0: x.
    assert!(text.ends_with("xx.P\nx.P.\nxP.P\nP.P.\n"), "{text}");
    // Bad board text, and an axiom that fails on the board: one line, exit status 2.
    for (board, rules, needle) in [
        (
            "x1 <= 2 y0",
            "1,0 1,2",
            "--board: cannot read the board 'x1 <= 2 y0' at byte 8: expected a variable",
        ),
        ("x1 <= 2 x0", "1,0 1,1", "--rules: axiom 2 fails for the ray (1, 2)"),
    ] {
        let out = grundy(&["lattice-game", "--rules", rules, "--board", board, "--box", "3,3"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(needle), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn lattice_game_outside_the_orthant() {
    // The cone y >= |x| of Z^2, moves (0, 1), (1, 1), (-1, 1): the outcome is y's parity.
    let board = "Z^2: x1 >= x0, x1 >= -x0";
    let rules = "0,1 1,1 -1,1";
    let out = grundy(&["lattice-game", "--rules", rules, "--board", board, "--box", "-3,0:3,3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("board: Z^2: -x0 + x1 >= 0, x0 + x1 >= 0\n"), "{text}");
    assert!(text.contains("embedding into the orthant: z = U y + t"), "{text}");
    assert!(text.ends_with("\n.......\n PPPPP\n  ...\n   P\n"), "{text}");
    // The game on the cone with more options.
    let on_cone = |more: &[&str]| {
        grundy(&[&["lattice-game", "--rules", rules, "--board", board][..], more].concat())
    };
    // Misère play, as JSON, in the coordinates of the board.
    let out = on_cone(&["--misere", "--box", "-2,0:2,2", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["defeated"], 1);
    assert_eq!(report["p_positions"], serde_json::json!([[-1, 1], [0, 1], [1, 1]]));
    // The even points of N^2: the orthant's inequalities are implied by --lattice alone.
    let out =
        grundy(&["lattice-game", "--rules", "1,1 2,0 0,2", "--lattice", "1,1 2,0", "--box", "3,3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("in the lattice of (1, 1), (0, 2)"), "{text}");
    assert!(text.contains("positions in the box: 8\n"), "{text}");
    // A budget stops the box's enumeration: exit status 3.
    let out = on_cone(&["--box", "-300,0:300,300", "--max-nodes", "1000"]);
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    // Refusals: one line, exit status 2.
    for (args, needle) in [
        (vec!["--rules", "1,0", "--board", "Z^2: x1 >= 0"], "--board: the board is not pointed"),
        (
            vec![
                "--rules",
                rules,
                "--board",
                board,
                "--box",
                "-9223372036854775808,0:9223372036854775807,1",
            ],
            "--box",
        ),
        (vec!["--rules", "0,1 1,1", "--board", board], "axiom 2 fails for the ray (-1, 1)"),
        (vec!["--rules", "1,0 0,1", "--lattice", "1,1", "--box", "2,2"], "not in the lattice"),
        (vec!["--rules", rules, "--board", board, "--stratify"], "--stratify: not available"),
        (vec!["--rules", rules, "--board", board, "--box", "1,0:0,3"], "--box: coordinate 0 runs"),
    ] {
        let mut full = vec!["lattice-game"];
        full.extend(&args);
        if !args.contains(&"--box") {
            full.extend(["--box", "-2,0:2,2"]);
        }
        let out = grundy(&full);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert!(err.contains(needle), "{full:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn lattice_game_bad_input() {
    assert_bad_input(&["lattice-game", "--rules", "-1,0 0,1", "--box", "2,2"], "axiom 1 fails");
    assert_bad_input(&["lattice-game", "--rules", "1,0 1,1", "--box", "2,2"], "axiom 2 fails");
    assert_bad_input(&["lattice-game", "--rules", "1,0 0,1", "--box", "2,2,2"], "--box");
    assert_bad_input(&["lattice-game", "--rules", "1,0 0,x", "--box", "2,2"], "at byte 6");
    assert_bad_input(
        &["lattice-game", "--rules", "1,0 0,1", "--box", "100000,100000"],
        "--box (100000, 100000) needs about",
    );
    assert_bad_input(
        &["lattice-game", "--rules", "1,0 0,1", "--defeated", "1", "--box", "2,2"],
        "generator 1",
    );
}

/// Issue 22: clap's usage errors keep what clap knows (a similar argument, the possible
/// values, the missing arguments) and point at the help of the subcommand they are about.
#[test]
fn usage_errors_keep_clap_tips_and_point_at_the_subcommand_help() {
    assert_usage_error(
        &["nim", "--misre", "3"],
        "tip: a similar argument exists: '--misere'",
        "grundy nim --help",
    );
    assert_usage_error(
        &["octal", "0.77", "--method", "x"],
        "[possible values: fast, rare-common, plain]",
        "grundy octal --help",
    );
    assert_usage_error(&["octal"], "<CODE>", "grundy octal --help");
    assert_usage_error(&["nim", "--no-such-flag"], "'--no-such-flag'", "grundy nim --help");
    assert_usage_error(&["no-such-game"], "unrecognized subcommand", "grundy --help");
    // The subcommand is found after the global flags too, and a position that happens to
    // be a subcommand's name does not confuse it.
    assert_usage_error(&["dots", "nim", "--x"], "'--x'", "grundy dots --help");
    // Bad positions keep their one-line errors.
    assert_bad_input(&["octal", "0.77", "x"], "'x'");
    // An argument that is not Unicode is a usage error too, not a panic.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("nim")
            .arg(std::ffi::OsStr::from_bytes(b"\xff"))
            .output()
            .expect("the binary runs");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("invalid UTF-8") && err.contains("'grundy nim --help'"), "{err}");
    }
}

/// Issue 22: `--max-nodes` and `--time-limit` (fractions allowed) on every searching
/// subcommand; the help gives their defaults; bad values are usage errors.
#[test]
fn limits_are_flags_with_documented_defaults() {
    for sub in [
        "transverse-wave",
        "crosswise-and",
        "crosswise-or",
        "avoid-true",
        "dq-nim",
        "node-kayles",
        "friend-circle",
        "demographic-influence",
        "geography",
        "nimg",
        "tw-search",
    ] {
        let help = stdout(&grundy(&[sub, "--help"]));
        assert!(help.contains("--max-nodes <N>"), "{sub}: {help}");
        assert!(help.contains("--time-limit <SECONDS>"), "{sub}: {help}");
        assert!(help.matches("[default: no limit]").count() == 2, "{sub}: {help}");
    }
    for sub in ["antonim", "tower-nim", "rotisserie-nim", "greedy-nim"] {
        let help = stdout(&grundy(&[sub, "--help"]));
        assert!(help.contains("[default: 50000000]") && help.contains("[default: 60]"), "{help}");
    }
    let help = stdout(&grundy(&["octal", "--help"]));
    assert!(help.contains("--time-limit <SECONDS>") && help.contains("no --max-nodes"), "{help}");
    let help = stdout(&grundy(&["--help"]));
    assert!(help.contains("Exit status:") && help.contains("\n  3    a search stopped"), "{help}");
    // A generous fractional limit changes nothing.
    let text = stdout(&grundy(&["dq-nim", "2 2", "--time-limit", "30.5", "--max-nodes", "1000"]));
    assert!(text.contains("value     0\n"), "{text}");
    for bad in ["0", "-1", "x", "inf"] {
        assert_usage_error(&["dq-nim", "2 2", "--time-limit", bad], bad, "grundy dq-nim --help");
    }
}

/// The 4 x 5 grid graph, row by row.
const GRID_4_5: &str = "0-1 1-2 2-3 3-4 5-6 6-7 7-8 8-9 10-11 11-12 12-13 13-14 15-16 16-17 \
                        17-18 18-19 0-5 1-6 2-7 3-8 4-9 5-10 6-11 7-12 8-13 9-14 10-15 11-16 \
                        12-17 13-18 14-19";

/// A 24 x 24 Transverse Wave board of value *3 whose search takes more than 5000 states.
const HARD_WAVE: &str = "ggppgggggggpggggggggppgg/gggggpgpgggpgggggggggpgg/gggggggggggggggggpgggggg/\
                         gggggggggpgggpgpggggpggg/ggggpgpgpgpgpggppggpgppg/ggpgpgggggggggggpggpgggp/\
                         ggggpgpppppggggggggggggg/ggppgpggppgggggggggggggp/ggppggggggggpgpgggpggggg/\
                         pgggpgpgggggpppggggpgggg/gggggggggggggggggggpggpg/ppgggpggggggpgggpggggggg/\
                         gggpgpggpggggggggggggggg/ggggpgggggpgggggpggpggpg/pgggggggppgggggggggppgpg/\
                         gggggppgggpggggggggggggp/gggggggpggggggggggggpggg/gpgpggggggggpgpggggggggg/\
                         gggggggggggggggggpggggpg/ppggggggggggggpggppggggg/ggggggppgggpgggggggggggg/\
                         gggggggggppgpgggpggppgpp/gpggpggggpgppgggggpgpppg/pggggggggppggggggggggggg";

/// Issue 22: a search stopped by `--max-nodes` exits with status 3 and says what it had
/// proved, in every kind of search: the generic solver (with the bounds its table gives),
/// the heap games, Node-Kayles, the Transverse Wave solver and the value search.
#[test]
fn a_node_budget_stops_with_status_3_and_what_was_proved() {
    let (nodes, time) = ("more than 1 positions searched (raise --max-nodes)", "time limit");
    // The value of this Demi-Quantum Nim position is *9 (solved without a limit below); with
    // one position to search, four moves' values are known from closed forms.
    let board = "3 2 1 4 / 1 2 3 4 / 4 4 1 1";
    assert!(stdout(&grundy(&["dq-nim", board])).contains("value     *9\n"));
    assert_stopped(&["dq-nim", board, "--max-nodes", "1"], nodes, "moves solved: 5 of 15");
    assert_stopped(
        &["dq-nim", board, "--max-nodes", "1"],
        nodes,
        "the value is none of *4, *5, *6, *7 (values of moves)",
    );
    assert_stopped(&["antonim", "5", "9", "12", "--max-nodes", "1"], nodes, "at most *23");
    assert_stopped(
        &["friend-circle", "0-1t 0-2f 2-3t 1-3f 2-4f 3-4f / 0 1 2 3", "--max-nodes", "1"],
        nodes,
        "searched ",
    );
    assert_stopped(
        &["node-kayles", "--edges", GRID_4_5, "--threads", "1", "--max-nodes", "1"],
        nodes,
        "components (all threads)",
    );
    assert_stopped(
        &["transverse-wave", "ggpgpg/pgggpp/gpgpgg/ppgggp", "--max-nodes", "1"],
        nodes,
        "states",
    );
    // The helper stops too (at its first look at the flags, after 1024 states), long before
    // it could solve this board (*3, more than 5000 states).
    assert_stopped(
        &["transverse-wave", HARD_WAVE, "--max-nodes", "1", "--threads", "2"],
        nodes,
        "states (all threads)",
    );
    assert_stopped(&["tw-search", "5", "--max-nodes", "1"], nodes, "multisets of columns");
    // What is reported is true: this board is *2, and 'take 2 from heap 2' is one of its
    // winning moves; after 47 positions of the mex search, 18 of its 19 moves are solved,
    // which rules out 0, *, *3 .. *7 and gives that winning move.
    let board = "5 3 0 4 2 2 / 1 3 3 2 1 0";
    let text = stdout(&grundy(&["dq-nim", board]));
    assert!(text.contains("value     *2\n"), "{text}");
    assert!(text.contains("winning moves (4):\n  take 2 from heap 2\n"), "{text}");
    let err = stderr(&grundy(&["dq-nim", board, "--search", "mex", "--max-nodes", "47"]));
    for fact in [
        "moves solved: 18 of 19",
        "the value is none of 0, *, *3, *4, *5, *6, *7 (values of moves)",
        "the value is at least *2 and at most *19",
        "outcome N (next player wins): 'take 2 from heap 2' leads to a P-position",
        "searched 48 positions",
    ] {
        assert!(err.contains(fact), "{fact}: {err}");
    }
    assert!(grundy(&["dq-nim", board, "--search", "mex", "--max-nodes", "48"]).status.success());
    // The pruned search (the default) stops too, and says what it proved.
    assert_stopped(&["dq-nim", board, "--max-nodes", "1"], nodes, "searched");
    // The time limit of the octal games: Grundy's game to heap 10^6 takes far longer.
    assert_stopped(
        &["octal", "grundy", "--upto", "1000000", "--time-limit", "0.2"],
        time,
        "computed G(0) .. G(",
    );
}

/// Issue 22: a closed pipe is not a panic. `grundy octal 0.77 --upto 300000 | head -1`: the
/// reader takes one line and goes away while the program still has most of its 930 kB to
/// write; the program ends quietly with status 0.
#[test]
fn a_closed_pipe_after_one_line_ends_quietly_with_status_0() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["octal", "0.77", "--upto", "300000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut reader = BufReader::new(child.stdout.take().expect("piped"));
    let mut line = String::new();
    reader.read_line(&mut line).expect("one line");
    assert_eq!(line, "code      0.77\n");
    drop(reader);
    let mut err = String::new();
    child.stderr.take().expect("piped").read_to_string(&mut err).expect("stderr");
    let status = child.wait().expect("the program ends");
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

/// Issue 22: in every subcommand, output to a pipe that is already closed ends quietly with
/// status 0 (no "failed printing to stdout", no status 101).
#[test]
fn a_closed_pipe_is_a_quiet_success_in_every_subcommand() {
    let runs: &[&[&str]] = &[
        &["nim", "3", "5", "7"],
        &["antonim", "1", "3", "5"],
        &["tower-nim", "5", "2", "4"],
        &["rotisserie-nim", "5", "2", "4"],
        &["greedy-nim", "3", "5", "1"],
        &["octal", "0.137", "--upto", "20"],
        &["octal", "0.137", "17", "20"],
        &["dots", ".........."],
        &["transverse-wave", "gpg/ppg/ggg"],
        &["crosswise-and", "101/001/111"],
        &["crosswise-or", "010/110/000"],
        &["avoid-true", "(x1 | x2) & (x2 | x3)"],
        &["dq-nim", "2 1 / 0 3"],
        &["node-kayles", "--graph6", "Dhc"],
        &["friend-circle", "0-1t 0-2f / 0 1"],
        &["demographic-influence", "0-1 1-2 / 2 0 1 / 0; 1 2"],
        &["geography", "--edges", "0-1 1-2", "--start", "0"],
        &["nimg", "--edges", "0-1", "--disks", "1 0", "--rule", "neighboring"],
        &["tw-search", "3"],
        &["lattice"],
        &["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "4,2"],
        &["--help"],
        &["nim", "--help"],
        &["--version"],
    ];
    for args in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Close the reading end before the program writes anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("the program ends");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

/// Issue 22: Ctrl-C (SIGINT) stops a search: exit status 3 and what was proved, as for the
/// other limits. The search (the smallest Transverse Wave grid of value *8) runs for a
/// minute or more in a debug build; it is interrupted after half a second.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_search_with_status_3() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["tw-search", "8"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(Duration::from_millis(500));
    let killed =
        Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let started = Instant::now();
    while child.try_wait().expect("the program is there").is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("Ctrl-C did not stop the search");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("the program ended");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.starts_with("error: stopped by Ctrl-C\nproved before stopping:\n"), "{err}");
    assert!(err.contains("multisets of columns"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn lattice_game_stratifies_and_plots() {
    let out = grundy(&["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "8,8", "--stratify"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains(
            "stratification: {(0, 0)} + N{(2, 0); (0, 2)} (verified on the box (16, 16))\n"
        ),
        "{}",
        stdout(&out)
    );
    let args = ["lattice-game", "--rules", "1,0 0,1 -1,1", "--box", "8,8", "--stratify", "--json"];
    assert!(stdout(&grundy(&args)).contains("\"result\":\"verified\""));
    let path = std::env::temp_dir().join(format!("grundy-lattice-{}.svg", std::process::id()));
    let file = path.to_str().unwrap();
    let out =
        grundy(&["lattice-game", "--rules", "1,0 0,1", "--misere", "--box", "3,3", "--plot", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    // 16 points: the origin is defeated (crossed); misère Nim with heaps of 1 in coordinate 1 and
    // 2 (both single-token heaps): P iff the number of tokens is odd.
    assert_eq!(svg.matches("fill=\"#1f4e99\"").count(), 8, "{svg}");
    assert_eq!(svg.matches("stroke=\"#c33\"").count(), 1);
    assert_bad_input(
        &["lattice-game", "--rules", "1,0,0 0,1,0 0,0,1", "--box", "1,1,1", "--plot", file],
        "only a two-dimensional box",
    );
}

#[test]
fn cgt_evaluates_and_compares_partizan_games() {
    let out = grundy(&["cgt", "{1|-1}"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("value        ±1\n"), "{text}");
    assert!(text.contains("outcome      N (the player to move wins)\n"), "{text}");
    assert!(text.contains("temperature  1\n"), "{text}");
    let text = stdout(&grundy(&["cgt", "^ + ^ + * + 1/2"]));
    assert!(text.contains("value        1/2^^*\n"), "{text}");
    let text = stdout(&grundy(&["cgt", "^ <= *"]));
    assert!(text.contains("G || H") && text.contains("G <= H: false"), "{text}");
    let text = stdout(&grundy(&["cgt", "1/2 + 1/2 == 1"]));
    assert!(text.contains("G == H: true"), "{text}");
    let json = stdout(&grundy(&["cgt", "{0|*}", "--json"]));
    assert_eq!(
        json,
        "{\"value\":\"^\",\"outcome\":\"L\",\"birthday\":2,\"mean\":\"0\",\"temperature\":\"0\"}\n"
    );
    assert_bad_input(&["cgt", "{0|"], "at byte 3");
    assert_bad_input(&["cgt", "^ <= {1|"], "right of '<=', at byte 4");
}

#[test]
fn myopic_col_paths_trees_and_digraphs() {
    let out = grundy(&["myopic-col", "--path", "u u r u b"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("value      *\n"), "{text}");
    assert!(text.contains("Cor. 7.5   *  (a·* + b − c)\n"), "{text}");
    assert!(text.contains("  * paint vertex 0   ->  0\n"), "{text}");
    // The paper's -3/4 (the smallest such tree).
    let text = stdout(&grundy(&["myopic-col", "--tree", "u(u(u,u),b)"]));
    assert!(text.contains("value      -3/4\n"), "{text}");
    let json = stdout(&grundy(&["myopic-col", "--tree", "u(u,r)", "--json"]));
    assert!(json.contains("\"value\":\"1/2\""), "{json}");
    let args = ["myopic-col", "--edges", "0>1 1>2 2>0", "--colours", "u u u", "--json"];
    assert!(stdout(&grundy(&args)).contains("\"outcome\":\"P\""));
    assert_bad_input(&["myopic-col", "--path", "u x"], "column 3");
    assert_bad_input(&["myopic-col", "--tree", "u(u"], "--tree");
    assert_bad_input(&["myopic-col", "--edges", "0>5", "--colours", "u u"], "--edges");
}

// ---- octal: plotters pictures and sizes checked against memory (issue 22) ----

/// The `--plot` picture of `grundy octal CODE --upto N`, and the command's output.
fn octal_plot(code: &str, upto: &str, tag: &str) -> (Output, String) {
    let name = format!("grundy-octal-plot-{tag}-{}.svg", std::process::id());
    let path = std::env::temp_dir().join(name);
    let out = grundy(&["octal", code, "--upto", upto, "--plot", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    (out, svg)
}

#[test]
fn octal_plot_has_titles_ticks_and_period_marks() {
    let (out, svg) = octal_plot("0.137", "200", "period");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
    for needle in [
        "0.137: Grundy values G(0) .. G(200), period 34 from n = 52",
        ">\nheap size n\n</text>",
        ">\nGrundy value G(n)\n</text>",
        ">\n200\n</text>", // a tick label of the n axis
        "pre-period: n = 0 .. 51 (shaded)",
        "period 34: a line at each n = 52 + 34k",
    ] {
        assert!(svg.contains(needle), "{needle}");
    }
    // The shaded band, and a line at each period boundary 52, 86, 120, 154, 188.
    assert!(svg.contains("<rect") && svg.contains("fill=\"#FFC878\""), "no band");
    assert_eq!(svg.matches("stroke=\"#C82828\"").count(), 5 + 1, "5 lines and the legend's");
    // Deterministic: the same command writes the same bytes.
    assert_eq!(octal_plot("0.137", "200", "again").1, svg);
}

#[test]
fn octal_plot_without_a_period_says_so_and_marks_nothing() {
    let (out, svg) = octal_plot("grundy", "60", "none");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(svg.contains("grundy: Grundy values G(0) .. G(60), no period known"), "{svg}");
    assert!(svg.contains("period not sought: no periodicity theorem covers unequal splits"));
    assert!(!svg.contains("pre-period") && !svg.contains("#C82828"), "{svg}");
    assert_eq!(svg.matches("<circle").count(), 61 + 1);
}

#[test]
fn octal_plot_of_a_long_sequence_draws_a_point_per_pixel() {
    let (out, svg) = octal_plot("0.07", "20000", "long");
    assert!(out.status.success(), "{}", stderr(&out));
    let points = svg.matches("<circle").count();
    assert!(points > 100 && points < 20000, "{points}");
    assert!(svg.contains("period 34 from n = 53"), "0.07 is Dawson's Kayles");
}

#[test]
fn octal_sizes_beyond_the_memory_are_refused_at_once() {
    for extra in [&[][..], &["--json"], &["--plot", "/nonexistent/never-written.svg"]] {
        let mut args = vec!["octal", "0.137", "--upto", "1000000000000000"];
        args.extend_from_slice(extra);
        assert_bad_input(
            &args,
            "--upto 1000000000000000 needs about 14901161.2 GiB, more than the ",
        );
    }
    // A heap of a game with no period needs its values computed.
    assert_bad_input(&["octal", "grundy", "1000000000000000"], "heap 1000000000000000 needs about");
    // Within the memory of most machines but beyond what the library stores: refused too,
    // before 2^28 values are computed.
    let out = grundy(&["octal", "0.137", "--upto", "300000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: --upto 300000000"), "{}", stderr(&out));
    // With a proved period any heap is answered.
    assert!(stdout(&grundy(&["octal", "0.137", "1000000000000000"])).contains("value     *"));
}

// ---- JSON for programs, misère play, input from files and stdin (issue 22) ----

/// `grundy args` with `input` on its standard input.
fn grundy_with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("stdin is written");
    child.wait_with_output().expect("the binary ends")
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_str(&stdout(out)).expect("one JSON object")
}

/// Every position report has the same fields: values are numbers, moves are the library's
/// data (indices from 0) with their text, and each winning move gives the position it reaches
/// (of value 0: the checks replay it).
#[test]
fn json_reports_have_numeric_values_and_structured_moves() {
    let report = json(&grundy(&["antonim", "2", "3", "7", "--json"]));
    for key in ["ruleset", "play", "position", "position_text", "value", "value_text", "outcome"] {
        assert!(report.get(key).is_some(), "{key}: {report}");
    }
    assert_eq!(report["position"], serde_json::json!([2, 3, 7]));
    assert!(report["value"].is_u64(), "{report}");
    let moves = report["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for mv in moves {
        // Replay the move's resulting position: it must be a P-position.
        let heaps: Vec<String> =
            mv["to"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap().to_string()).collect();
        let mut args = vec!["antonim", "--json"];
        args.extend(heaps.iter().map(String::as_str));
        assert_eq!(json(&grundy(&args))["value"], 0, "{mv}");
        let heap = mv["move"]["heap"].as_u64().unwrap();
        let text = mv["move_text"].as_str().unwrap();
        assert!(text.ends_with(&format!("heap {}", heap + 1)), "{mv}");
    }
    // Big Nim values stay exact: a number up to 2^64 - 1, a string beyond.
    let big = json(&grundy(&["nim", "18446744073709551616", "1", "--json"]));
    assert_eq!(big["value"], "18446744073709551617");
    let small = json(&grundy(&["nim", "18446744073709551615", "--json"]));
    assert_eq!(small["value"], u64::MAX);
    // Dots count from 0 in data and from 1 in words.
    let dots = json(&grundy(&["dots", ".....", "--json"]));
    assert_eq!(dots["winning_moves"][0]["move"], 2);
    assert_eq!(dots["winning_moves"][0]["move_text"], "mark dot 3");
    // tw-search and the lattice of rulesets have JSON too.
    let found = json(&grundy(&["tw-search", "2", "--json"]));
    assert_eq!((found["value"].as_u64(), found["found"].as_bool()), (Some(2), Some(true)));
    assert!(found["position"]["cols"].is_u64(), "{found}");
    let lattice = json(&grundy(&["lattice", "--json"]));
    assert!(lattice["rulesets"].as_array().unwrap().iter().any(|r| r == "Node-Kayles"));
    assert!(lattice["reductions"].as_array().unwrap().iter().all(|r| r["from"].is_string()));
}

/// `--misere` works for every position subcommand searched by a solver, and agrees with the
/// closed form of misère Nim.
#[test]
fn misere_play_from_the_cli() {
    // Nim positions as Demi-Quantum Nim with one realisation: misère Nim's rule (Bouton).
    for heaps in ["1 1", "1 1 1", "2 2", "2 3", "1 2 3"] {
        let nim = json(&grundy(&["nim", "--misere", "--json", heaps]));
        let dq = json(&grundy(&["dq-nim", "--misere", "--json", heaps]));
        assert_eq!(nim["outcome"], dq["outcome"], "{heaps}");
        assert_eq!(dq["play"], "misere");
        assert_eq!(dq["value"], serde_json::Value::Null);
    }
    // Tower Nim with one heap of 1: the mover must take the last token and loses.
    let text = stdout(&grundy(&["tower-nim", "1", "--misere"]));
    assert!(text.contains("(misère play)") && text.contains("outcome   P"), "{text}");
    // Transverse Wave 'g': one move ends the game, so misère play is a loss for the mover.
    let tw = json(&grundy(&["transverse-wave", "g", "--misere", "--json"]));
    assert_eq!(tw["outcome"], "P");
    // Node-Kayles on one edge: either vertex ends the game.
    let nk = json(&grundy(&["node-kayles", "--edges", "0-1", "--misere", "--json"]));
    assert_eq!((nk["outcome"].as_str(), nk["play"].as_str()), (Some("P"), Some("misere")));
    let two = json(&grundy(&["node-kayles", "--edges", "3: 0-1", "--misere", "--json"]));
    assert_eq!(two["outcome"], "N");
}

/// Positions from a file (`@FILE`) or standard input (`-`); graph6 files with one graph a
/// line give one report each.
#[test]
fn positions_from_files_and_stdin() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.txt");
    std::fs::write(&board, "ppgg\nggpg\n").unwrap();
    let from_file = stdout(&grundy(&["transverse-wave", &format!("@{}", board.display())]));
    assert!(from_file.contains("value     *3\n"), "{from_file}");
    let from_stdin = stdout(&grundy_with_stdin(&["transverse-wave", "-"], "ppgg/ggpg"));
    assert_eq!(from_stdin, from_file);
    // geng writes one graph a line.
    let graphs = ">>graph6<<Bw\nBg\nC]\n";
    let out = grundy_with_stdin(&["node-kayles", "--graph6", "-", "--json"], graphs);
    assert!(out.status.success(), "{}", stderr(&out));
    let values: Vec<u64> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["value"].as_u64().unwrap())
        .collect();
    // K3 = 'Bw': one move ends it (*1); P3 = 'Bg' (edges 0-2 1-2): the middle vertex ends
    // it, an end leaves one vertex (*1), so mex{0, 1} = *2; C4 = 'C]': every move leaves
    // one vertex (*1), so mex{1} = 0.
    assert_eq!(values, [1, 2, 0]);
    let text = stdout(&grundy_with_stdin(&["node-kayles", "--graph6", "-"], graphs));
    assert_eq!(text.matches("ruleset   node-kayles").count(), 3, "{text}");
    // Errors name the line, the file, or the size.
    assert_bad_input(
        &["transverse-wave", "@/nonexistent/board"],
        "cannot read '/nonexistent/board'",
    );
    let out = grundy_with_stdin(&["node-kayles", "--graph6", "-"], "Bw\n!!\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--graph6 line 2"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A sum of parts of different families has the nim-sum of their values (each checked by
/// its own subcommand), and each winning move takes its part to the value that makes the sum
/// a P-position.
#[test]
fn sums_of_different_families() {
    let parts = [
        ("nim: 3 4", vec!["nim", "3", "4"]),
        ("transverse-wave: gpg/ggg", vec!["transverse-wave", "gpg/ggg"]),
        ("octal 0.137: 7", vec!["octal", "0.137", "7"]),
        ("antonim: 2 3 7", vec!["antonim", "2", "3", "7"]),
        ("node-kayles: 0-1 1-2 2-3", vec!["node-kayles", "--edges", "0-1 1-2 2-3"]),
    ];
    let mut total = 0;
    let mut values = Vec::new();
    for (_, args) in &parts {
        let mut args = args.clone();
        args.push("--json");
        let v = json(&grundy(&args))["value"].as_u64().unwrap();
        values.push(v);
        total ^= v;
    }
    let mut args = vec!["sum", "--json"];
    args.extend(parts.iter().map(|(spec, _)| *spec));
    let sum = json(&grundy(&args));
    assert_eq!(sum["value"].as_u64(), Some(total), "{sum}");
    for (i, v) in values.iter().enumerate() {
        assert_eq!(sum["position"][i]["value"].as_u64(), Some(*v));
    }
    let moves = sum["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{sum}");
    for mv in moves {
        let part = usize::try_from(mv["move"]["part"].as_u64().unwrap()).unwrap();
        // The part moved to must have the value that cancels the others.
        let (family, _) = parts[part].0.split_once(':').unwrap();
        let spec = format!("{family}: {}", mv["to_text"].as_str().unwrap());
        let after = json(&grundy(&["sum", "--json", &spec]));
        assert_eq!(after["value"].as_u64(), Some(total ^ values[part]), "{mv}");
    }
    assert_bad_input(&["sum", "foo: 3"], "no such family");
    assert_bad_input(&["sum", "nim: 3", "nim 4"], "part 2");
    assert_bad_input(&["sum", "nim: 1000000"], "too large to search");
}

/// Myopic Col takes the limits too: a budget that runs out exits 3 with what was searched.
#[test]
fn myopic_col_obeys_its_limits() {
    let out = grundy(&["myopic-col", "--path", "u u u u u u u u u u u u", "--max-nodes", "3"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("searched 3 components"), "{}", stderr(&out));
    let out = grundy(&["myopic-col", "--path", "u u r u b", "--max-nodes", "1000000"]);
    assert!(stdout(&out).contains("value      *\n"), "{}", stdout(&out));
}

// ---- Cram and Chomp (`grundy cram`, `grundy chomp`; crates/grundy-cli/src/classic.rs) ----

/// Cram: an even by even board is a second-player win, an odd by even one a first-player win
/// by the central dominoes; a board with filled cells is given as rows of '.' and '#'.
#[test]
fn cram_reports_known_answers() {
    let out = grundy(&["cram", "4x4"]);
    assert!(stdout(&out).contains("value     0\n"), "{}", stdout(&out));
    assert!(stdout(&out).contains("outcome   P"), "{}", stdout(&out));
    let report = json(&grundy(&["cram", "3x4", "--json"]));
    assert_eq!(report["position_text"], "3x4");
    assert_eq!(report["outcome"], "N");
    let moves: Vec<&str> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move_text"].as_str().unwrap())
        .collect();
    assert!(moves.contains(&"row 2, columns 2-3"), "{moves:?}");
    // igsolve: 4 x 5 Cram is *2.
    assert_eq!(json(&grundy(&["cram", "4x5", "--json"]))["value"].as_u64(), Some(2));
    // Every winning move reaches a P-position.
    let report = json(&grundy(&["cram", "..#./....", "--json"]));
    assert_eq!(report["position_text"], "..#./....");
    for mv in report["winning_moves"].as_array().unwrap() {
        let after = json(&grundy(&["cram", mv["to_text"].as_str().unwrap(), "--json"]));
        assert_eq!(after["value"].as_u64(), Some(0), "{mv}");
    }
    // JSON positions are the board's rows and moves the domino's cells, from 0.
    let report = json(&grundy(&["cram", "..#./....", "--json"]));
    assert_eq!(
        report["position"],
        serde_json::json!({"rows": 2, "cols": 4, "cells": ["..#.", "...."]})
    );
    for mv in report["winning_moves"].as_array().unwrap() {
        let [[r, c], [r2, c2]] =
            serde_json::from_value::<[[u32; 2]; 2]>(mv["move"].clone()).unwrap();
        let cells = mv["to"]["cells"].as_array().unwrap();
        for (row, col) in [(r, c), (r2, c2)] {
            let line = cells[row as usize].as_str().unwrap();
            assert_eq!(line.as_bytes()[col as usize], b'#', "{mv}");
        }
        assert_eq!((r2 - r) + (c2 - c), 1, "{mv}");
    }
    assert_bad_input(&["cram", "9x9"], "81 cells");
    assert_bad_input(&["cram", "..a/..."], "'..a/...'");
    assert_bad_input(&["cram", "../..."], "row 2 has 3 cells");
}

/// Chomp: a square's winning bite is (2, 2), a 2 x n bar's is its top-right square; a
/// staircase is given by its column heights.
#[test]
fn chomp_reports_known_answers() {
    let report = json(&grundy(&["chomp", "6x6", "--json"]));
    // igsolve: 6 x 6 Chomp is *13.
    assert_eq!(report["value"].as_u64(), Some(13));
    assert_eq!(report["winning_moves"].as_array().unwrap().len(), 1, "{report}");
    assert_eq!(report["winning_moves"][0]["move_text"], "row 2, column 2");
    assert_eq!(report["winning_moves"][0]["to_text"], "6,1,1,1,1,1");
    assert_eq!(report["position"]["column_heights"], serde_json::json!([6, 6, 6, 6, 6, 6]));
    assert_eq!(report["winning_moves"][0]["move"], serde_json::json!({"row": 1, "column": 1}));
    assert_eq!(
        report["winning_moves"][0]["to"]["column_heights"],
        serde_json::json!([6, 1, 1, 1, 1, 1])
    );
    let out = grundy(&["chomp", "2x7"]);
    assert!(stdout(&out).contains("winning moves (1):\n  row 2, column 7\n"), "{}", stdout(&out));
    let out = grundy(&["chomp", "2,1", "--show"]);
    assert!(stdout(&out).contains("outcome   P"), "{}", stdout(&out));
    let out = grundy(&["chomp", "1x1", "--misere"]);
    assert!(stdout(&out).contains("outcome   N"), "{}", stdout(&out));
    assert_bad_input(&["chomp", "3,4"], "'3,4'");
    assert_bad_input(&["chomp", "16x2"], "1 to 15");
    assert_bad_input(&["chomp", "ten"], "'ten'");
}

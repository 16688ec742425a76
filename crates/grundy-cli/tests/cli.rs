//! The `grundy` program as a user runs it: output, exit status, one-line errors.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
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
        "{\"ruleset\":\"nim\",\"position\":\"1 1 5\",\"play\":\"misere\",\"value\":null,\
         \"outcome\":\"N\",\"winning_moves\":[{\"move\":\"take 4 from heap 3\",\"result\":\"1 1 1\"}]}\n"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    for args in [
        &["nim", "3", "x", "7"][..],
        &["nim", "-3"],
        &["nim", "--no-such-flag"],
        &["no-such-game"],
        &[],
    ] {
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

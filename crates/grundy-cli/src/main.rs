//! `grundy`: values, outcomes and winning moves of impartial games from the command line.
//!
//! One subcommand per family of rulesets; each takes a position in the text form of its
//! ruleset and prints the Grundy value, the outcome and every winning move. Bad input prints a
//! one-line error and exits with status 2; usage errors print what clap knows (tips, possible
//! values) and point at the subcommand's help; a search stopped by `--max-nodes`,
//! `--time-limit` or Ctrl-C exits with status 3 after saying what it had proved. A closed
//! output pipe ends the program quietly with status 0. See [`exit`] for the statuses.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::{CommandFactory as _, Parser};

use crate::exit::{BAD_INPUT, Failure};

mod cgt;
mod classic;
mod exit;
#[cfg(test)]
mod fuzz;
mod graph;
mod graph_games;
mod heap_games;
mod input;
mod lattice;
mod memory;
mod myopic_col;
mod nim;
mod octal;
mod progress;
mod report;
mod serve;
mod sum;
mod wave;

/// Solve impartial combinatorial games.
///
/// Counting: in text, heaps, columns, dots, rows, variables and parts count from 1 (heap 1 is
/// the first heap, x1 the first variable), as in the papers; vertices keep the numbers of the
/// input (edge lists and graph6 number them from 0). In JSON (--json) every index counts from
/// 0: moves and positions are the library's data, each move with its text beside it
/// ("move_text"), and each winning move with the position it reaches ("to", "to_text").
/// Values are numbers (nimber *3 is 3).
///
/// Input: a position argument '-' is read from standard input and '@FILE' from a file.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, propagate_version = true, after_help = exit::STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Nim: take any number of tokens from one heap (heaps of any size)
    Nim(nim::Args),
    /// Antonim: Nim on a set, where heaps of equal size cannot coexist
    Antonim(heap_games::Args),
    /// Tower Nim: take from the top heap of a stack (the last heap given)
    TowerNim(heap_games::Args),
    /// Rotisserie Nim: take from the front heap (the first given), which then goes to the back
    RotisserieNim(heap_games::Args),
    /// Greedy Nim: take from a largest heap
    GreedyNim(heap_games::Args),
    /// Octal games such as 0.137: the Grundy sequence and its period, or a position of heaps
    Octal(octal::OctalArgs),
    /// Rob's Dots: mark a dot not next to a marked one (Node-Kayles on a path, octal 0.137)
    Dots(octal::DotsArgs),
    /// Transverse Wave: pick a column with a green cell; it and every row purple there turn
    /// purple. Rows of g/p, e.g. 'gpg/ppg/ggg'
    TransverseWave(wave::WaveArgs),
    /// Crosswise AND: pick a column with a 1; rows with a 0 there become 0, then the column
    /// does. Rows of 0/1
    CrosswiseAnd(wave::WaveArgs),
    /// Crosswise OR: pick a column with a 0; rows with a 1 there become 1, then the column
    /// does. Rows of 0/1
    CrosswiseOr(wave::WaveArgs),
    /// Avoid True: make a variable true without making the positive CNF formula true
    AvoidTrue(wave::AvoidArgs),
    /// Demi-Quantum Nim: a superposition of Nim positions, rows of heaps, e.g. '2 1 / 0 3'
    DqNim(wave::BoardArgs),
    /// Node-Kayles: select a vertex not next to a selected one. The graph as --edges or --graph6
    NodeKayles(graph::KaylesArgs),
    /// Friend Circle: pick a seed with a false edge; its edges become true, and the friends it
    /// already talked to broadcast too
    FriendCircle(graph::FriendArgs),
    /// Demographic Influence: lower the thresholds of a demographic; the newly strongly
    /// influenced influence their friends
    DemographicInfluence(graph::InfluenceArgs),
    /// Geography: move a token along an edge (arc) to a vertex not visited before (with
    /// --edge-version: across an edge not crossed before). Undirected vertex Geography is
    /// decided by matchings; its value search stops at 1000000 positions unless --max-nodes
    /// is given
    Geography(graph_games::GeographyArgs),
    /// Nim on graphs: remove disks at the token's vertex (or edge) and move the token, by the
    /// --rule given; --rule neighboring is Neighboring Nim
    Nimg(graph_games::NimgArgs),
    /// The smallest Transverse Wave position of a given nimber (--max-nodes counts the
    /// multisets of columns examined)
    TwSearch(wave::SearchArgs),
    /// The generalisation lattice of the rulesets, as Graphviz DOT (or SVG with --svg)
    Lattice(wave::LatticeArgs),
    /// A lattice game (Guo and Miller): positions are points of N^d (or of a pointed
    /// polyhedron of Z^d), a move subtracts a rule vector; prints the P-positions of a box
    LatticeGame(lattice::LatticeGameArgs),
    /// A partizan game in CGSuite's notation, e.g. '{1|*} + ^': canonical form, outcome class,
    /// birthday, mean and temperature; or a comparison 'G <= H'
    Cgt(cgt::CgtArgs),
    /// A sum of positions of different families, e.g. 'nim: 3 5' 'transverse-wave: gpg/ggg':
    /// the value is the nim-sum of the parts' values (normal play)
    Sum(sum::SumArgs),
    /// Myopic Col (partizan): paint an uncoloured vertex your colour (Left blue, Right red)
    /// unless an arc from it leads to your colour. Canonical value, outcome, good moves
    MyopicCol(myopic_col::MyopicColArgs),
    /// Cram: place a domino on two empty neighbouring cells. A size such as 5x7 or rows of
    /// '.' (empty) and '#' (filled), e.g. '..#./....'
    Cram(classic::CramArgs),
    /// Chomp: bite a square and every square above and right of it; the bottom-left one is
    /// poisoned. A size such as 10x10 or column heights, e.g. '4,3,3,1' (rows count from the
    /// bottom)
    Chomp(classic::ChompArgs),
    /// A local web app: the boards played against perfect play, with hints, and pictures, at
    /// http://127.0.0.1:8080/ (loopback only unless --bind says otherwise)
    Serve(serve::ServeArgs),
}

/// The subcommand named on the command line, if any: the first argument that names one
/// (arguments that are not Unicode name none).
fn subcommand_named() -> Option<String> {
    let command = Cli::command();
    std::env::args_os().skip(1).filter_map(|arg| arg.into_string().ok()).find(|arg| {
        command
            .get_subcommands()
            .any(|sub| sub.get_name() == arg || sub.get_all_aliases().any(|a| a == arg))
    })
}

/// A usage error as clap writes it (tips and possible values kept), pointing at the help of
/// the subcommand it is about.
fn usage_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let help = match subcommand_named() {
        Some(sub) => format!("'grundy {sub} --help'"),
        None => "'grundy --help'".to_owned(),
    };
    let mut text = text.replace("'--help'", &help);
    if !text.contains(&help) {
        text = format!("{}\n\nFor more information, try {help}.\n", text.trim_end());
    }
    text
}

fn main() -> ExitCode {
    exit::install_ctrl_c();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print them as they are (a closed pipe is no error).
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            exit::complain("error: no subcommand given (see 'grundy --help')\n");
            return ExitCode::from(BAD_INPUT);
        }
        Err(e) => {
            exit::complain(&usage_error(&e));
            return ExitCode::from(BAD_INPUT);
        }
    };
    match run(cli.command) {
        Ok(text) => exit::emit(&text),
        Err(failure) => exit::fail(&failure),
    }
}

/// Runs the subcommand `command`: its answer as text, or why there is none.
fn run(command: Command) -> Result<String, Failure> {
    match command {
        Command::Nim(args) => nim::run(&args).map_err(Failure::from),
        Command::Antonim(args) => heap_games::antonim(&args),
        Command::TowerNim(args) => heap_games::tower_nim(&args),
        Command::RotisserieNim(args) => heap_games::rotisserie_nim(&args),
        Command::GreedyNim(args) => heap_games::greedy_nim(&args),
        Command::Octal(args) => octal::octal(&args),
        Command::Dots(args) => octal::dots(&args).map_err(Failure::from),
        Command::TransverseWave(args) => wave::transverse_wave(&args),
        Command::CrosswiseAnd(args) => wave::crosswise_and(&args),
        Command::CrosswiseOr(args) => wave::crosswise_or(&args),
        Command::AvoidTrue(args) => wave::avoid_true(&args),
        Command::DqNim(args) => wave::dq_nim(&args),
        Command::NodeKayles(args) => graph::node_kayles(&args),
        Command::FriendCircle(args) => graph::friend_circle(&args),
        Command::DemographicInfluence(args) => graph::demographic_influence(&args),
        Command::Geography(args) => graph_games::run_geography(&args),
        Command::Nimg(args) => graph_games::run_nimg(&args),
        Command::TwSearch(args) => wave::tw_search(&args),
        Command::Lattice(args) => wave::lattice(&args),
        Command::LatticeGame(args) => lattice::lattice_game(&args),
        Command::Cgt(args) => cgt::cgt(&args),
        Command::Sum(args) => sum::sum(&args),
        Command::MyopicCol(args) => myopic_col::myopic_col(&args),
        Command::Cram(args) => classic::cram(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Chomp(args) => classic::chomp(&args),
    }
}

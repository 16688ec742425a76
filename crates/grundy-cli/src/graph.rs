//! `grundy node-kayles`, `friend-circle` and `demographic-influence`.

use grundy::Ruleset;
use grundy::demographic_influence::{DemographicInfluence, InfluenceError};
use grundy::friend_circle::{FriendCircle, FriendCircleError};
use grundy::graph::VertexSet;
use grundy::node_kayles::{NodeKayles, NodeKaylesError, NodeKaylesSolver};

use serde_json::json;

use crate::exit::{Failure, Limits};
use crate::input::{graph6_lines, read_arg};
use crate::memory::check_vertex_sets;
use crate::report::{MoveLine, Opts, Report, solver_report};

/// Arguments of `grundy node-kayles`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("graph").required(true).args(["edges", "graph6"])))]
pub(crate) struct KaylesArgs {
    /// The graph as an edge list, e.g. '0-1 1-2 2-3' ('7: 0-1' for 7 vertices); '-' reads it
    /// from standard input, '@FILE' from a file
    #[arg(long, value_name = "EDGES")]
    edges: Option<String>,
    /// The graph in graph6, as nauty's geng writes it, e.g. 'Dhc'; '-' reads standard input
    /// and '@FILE' a file, one graph per line (each is solved, one report each)
    #[arg(long, value_name = "TEXT")]
    graph6: Option<String>,
    /// Vertices already selected, e.g. '0,5' (they and their neighbours are gone)
    #[arg(long, value_name = "VERTICES")]
    played: Option<String>,
    /// Threads to search with, for graphs of at most 64 vertices [default: every core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    #[command(flatten)]
    opts: Opts,
}

/// Arguments of `grundy friend-circle`.
#[derive(Debug, clap::Args)]
pub(crate) struct FriendArgs {
    /// Edges marked t or f, then '/' and the seeds, e.g. '0-1t 0-2f 2-3t / 0 2'; '-' reads it
    /// from standard input, '@FILE' from a file
    position: String,
    #[command(flatten)]
    opts: Opts,
}

/// Arguments of `grundy demographic-influence`.
#[derive(Debug, clap::Args)]
pub(crate) struct InfluenceArgs {
    /// Edges, thresholds and demographics separated by '/', demographics by ';', e.g.
    /// '0-1 1-2 / 2 0 1 / 0; 1 2'. '-' reads it from standard input, '@FILE' from a file
    position: String,
    #[command(flatten)]
    opts: Opts,
}

/// The position after the `played` vertices, each of which must still be available.
fn kayles_position(game: &NodeKayles, played: &[usize]) -> Result<VertexSet, String> {
    let mut position = game.start();
    for &v in played {
        position = game.play_checked(&position, v).map_err(|e: NodeKaylesError| match e {
            NodeKaylesError::IllegalMove { vertex } => {
                format!("--played: vertex {vertex} is not available (it or a neighbour was played)")
            }
            other => other.to_string(),
        })?;
    }
    Ok(position)
}

pub(crate) fn node_kayles(args: &KaylesArgs) -> Result<String, Failure> {
    let graph6 = match (&args.edges, &args.graph6) {
        (Some(edges), _) => {
            let edges = read_arg("--edges", edges)?;
            let game = NodeKayles::from_edge_list(&edges).map_err(|e| e.to_string())?;
            return node_kayles_one(&game, args);
        }
        (None, Some(g6)) => read_arg("--graph6", g6)?,
        (None, None) => return Err("give the graph with --edges or --graph6".into()),
    };
    let graphs: Vec<(usize, &str)> = graph6_lines(&graph6).collect();
    if let [(_, line)] = graphs[..] {
        let game = NodeKayles::from_graph6(line).map_err(|e| e.to_string())?;
        return node_kayles_one(&game, args);
    }
    if graphs.is_empty() {
        return Err("--graph6: no graph given".into());
    }
    // Several graphs, one a line: a report each (text reports separated by a blank line,
    // JSON ones one a line), under limits that start afresh for each graph.
    let mut out = String::new();
    for (line, text) in graphs {
        let game =
            NodeKayles::from_graph6(text).map_err(|e| format!("--graph6 line {line}: {e}"))?;
        let report = node_kayles_one(&game, args).map_err(|failure| match failure {
            Failure::BadInput(message) => Failure::BadInput(format!("line {line}: {message}")),
            Failure::Stopped(mut stopped) => {
                stopped.reason = format!("graph on line {line}: {}", stopped.reason);
                Failure::Stopped(stopped)
            }
        })?;
        if !out.is_empty() && !args.opts.json {
            out.push('\n');
        }
        out.push_str(&report);
    }
    Ok(out)
}

/// The report of Node-Kayles on `game`'s graph, after the `--played` vertices.
fn node_kayles_one(game: &NodeKayles, args: &KaylesArgs) -> Result<String, Failure> {
    // The engine keeps three sets of vertices (n bits each) per vertex: refuse a graph whose
    // sets alone would not fit in memory.
    check_vertex_sets(game.graph().order() as u64)?;
    let played = match &args.played {
        Some(text) => game.graph().parse_vertices(text).map_err(|e| format!("--played: {e}"))?,
        None => Vec::new(),
    };
    let position = kayles_position(game, &played)?;
    let show = |p: &VertexSet| format!("available {p}");
    let position_text = format!("{} ({})", game.graph(), show(&position));
    if args.opts.misere {
        // The engine is for normal play; misère play searches whole positions.
        let name = |v: &usize| format!("vertex {v}");
        return solver_report(
            "node-kayles",
            &game,
            &position,
            position_text,
            args.opts,
            name,
            show,
        );
    }
    let limits = Limits::start(args.opts.limits);
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        usize::from,
    );
    let config = grundy::Config::default()
        .with_table_bytes(limits.table_bytes())
        .with_budget(limits.budget(0));
    let mut solver = NodeKaylesSolver::parallel(game, config, threads);
    // What was proved: the value (when only the winning moves were cut short) and the work.
    let proved = |solver: &NodeKaylesSolver<'_>, value: Option<grundy::Nimber>| {
        let stats = solver.stats();
        let mut lines = Vec::new();
        if let Some(v) = value {
            let outcome = grundy::Outcome::from_value(v);
            lines.push(format!("value {v}, outcome {outcome} ({})", outcome.describe()));
            lines.push("the winning moves were not all checked".to_owned());
        }
        lines.push(format!(
            "searched {} components (all threads); {} facts stored",
            stats.nodes,
            solver.table_len()
        ));
        lines
    };
    let value = solver.value(&position).map_err(|e| limits.stopped(&e, proved(&solver, None)))?;
    // The node limit counts the main search only; the helpers' positions are counted here
    // too, so what is left for the winning moves is, if anything, less than the limit allows.
    solver.set_budget(limits.budget(solver.stats().nodes));
    let moves = solver
        .winning_moves(&position)
        .map_err(|e| limits.stopped(&e, proved(&solver, Some(value))))?;
    let winning_moves = moves
        .iter()
        .map(|&v| {
            let after = game.play(&position, &v);
            MoveLine::new(format!("vertex {v}"), &v, show(&after), &json!({ "available": after }))
        })
        .collect();
    let position_data = json!({ "graph": game, "available": position });
    let report = Report::normal("node-kayles", position_text, position_data, value, winning_moves);
    Ok(report.with_shown_results(args.opts.show).render(args.opts.json))
}

pub(crate) fn friend_circle(args: &FriendArgs) -> Result<String, Failure> {
    let (game, position) = FriendCircle::parse(&read_arg("position", &args.position)?)
        .map_err(|e: FriendCircleError| e.to_string())?;
    solver_report(
        "friend circle",
        &game,
        &position,
        game.to_text(&position),
        args.opts,
        |seed| format!("seed {seed}"),
        |p| game.to_text(p),
    )
}

pub(crate) fn demographic_influence(args: &InfluenceArgs) -> Result<String, Failure> {
    let (game, theta) = DemographicInfluence::parse(&read_arg("position", &args.position)?)
        .map_err(|e: InfluenceError| e.to_string())?;
    solver_report(
        "demographic influence",
        &game,
        &theta,
        game.to_text(&theta),
        args.opts,
        |&(k, c)| format!("influence demographic {k} by {c}"),
        |t| game.to_text(t),
    )
}

//! `grundy geography` and `grundy nimg`.

use core::fmt::Write as _;

use grundy::graph::Graph;
use grundy::graph_games::{
    EdgeNimG, Geography, GeographyRule, NeighboringNim, NimGError, VertexNimG, VertexRule,
    parse_disks,
};
use grundy::{Outcome, SolveError, Solver};

use crate::exit::{Failure, Limits};
use crate::report::{MoveLine, Opts, Play, Report, config, data, nimber_data, solver_report};

/// Arguments of `grundy geography`.
#[derive(Debug, clap::Args)]
pub(crate) struct GeographyArgs {
    /// The graph as an edge list, e.g. '0-1 1-2' ('7: 0-1' for 7 vertices); with --directed
    /// an arc list such as '0>1 1>2' (where '0-1' is both arcs)
    #[arg(long, value_name = "EDGES")]
    edges: String,
    /// The vertex the token starts on (without it, the first move places the token)
    #[arg(long, value_name = "VERTEX")]
    start: Option<usize>,
    /// Vertices (vertex Geography) or edge ids (--edge-version) already used, e.g. '3,4'
    #[arg(long, value_name = "LIST")]
    used: Option<String>,
    /// The graph is directed
    #[arg(long)]
    directed: bool,
    /// Edge Geography: no edge may be crossed twice (default: no vertex may be entered twice)
    #[arg(long)]
    edge_version: bool,
    #[command(flatten)]
    opts: Opts,
}

/// Arguments of `grundy nimg`.
#[derive(Debug, clap::Args)]
pub(crate) struct NimgArgs {
    /// The graph as an edge list, e.g. '0-1 1-2'; with --on-edges each edge carries its disks,
    /// e.g. '0-1:3 1-2:2 0-1:1' (parallel edges allowed; 'u-v' alone has one disk)
    #[arg(long, value_name = "EDGES")]
    edges: String,
    /// The disks on each vertex, e.g. '3 1 2' (not with --on-edges)
    #[arg(long, value_name = "COUNTS")]
    disks: Option<String>,
    /// The token's vertex (optional for --rule neighboring: any heap may be played first)
    #[arg(long, value_name = "VERTEX")]
    token: Option<usize>,
    /// remove-then-move (to any neighbour), remove-then-move-nonempty, move-then-remove, or
    /// neighboring (Neighboring Nim: move then remove, or remove again where the token is)
    #[arg(long, value_name = "RULE", default_value = "remove-then-move")]
    rule: String,
    /// Disks on edges (Edge NimG, Fukuyama): remove disks from an edge and cross it
    #[arg(long)]
    on_edges: bool,
    #[command(flatten)]
    opts: Opts,
}

/// The positions the value search of Undirected Vertex Geography may search by default.
const VALUE_NODES: u64 = 1_000_000;

/// The numbers of a list such as `3,4` or `3 4`.
fn number_list(flag: &str, text: &str) -> Result<Vec<usize>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|token| token.parse().map_err(|_| format!("{flag}: '{token}' is not a number")))
        .collect()
}

pub(crate) fn run_geography(args: &GeographyArgs) -> Result<String, Failure> {
    let rule = if args.edge_version { GeographyRule::Edge } else { GeographyRule::Vertex };
    let game = Geography::parse(&args.edges, args.directed, rule).map_err(|e| e.to_string())?;
    let used = match &args.used {
        Some(text) => number_list("--used", text)?,
        None => Vec::new(),
    };
    let position = game.position(args.start, used).map_err(|e| e.to_string())?;
    let ruleset = match (args.directed, rule) {
        (false, GeographyRule::Vertex) => "undirected vertex geography",
        (false, GeographyRule::Edge) => "undirected edge geography",
        (true, GeographyRule::Vertex) => "directed vertex geography",
        (true, GeographyRule::Edge) => "directed edge geography",
    };
    let board =
        if args.directed { game.digraph().to_string() } else { args.edges.trim().to_string() };
    let position_text = format!("{board} ({})", game.to_text(&position));
    let name = |to: &usize| match position.token() {
        Some(t) => format!("{t} -> {to}"),
        None => format!("start on {to}"),
    };
    if !game.is_undirected() || rule == GeographyRule::Edge || args.opts.misere {
        return solver_report(ruleset, &game, &position, position_text, args.opts, name, |p| {
            game.to_text(p)
        });
    }
    // Undirected Vertex Geography: outcome and winning moves by the matching method
    // (polynomial); the Grundy value by search, within the limits (a million positions
    // unless --max-nodes says otherwise). The answer does not depend on the value, so a
    // search that stops leaves it out and the command still succeeds.
    let outcome = game.matching_outcome(&position).map_err(|e| e.to_string())?;
    let moves = game.matching_winning_moves(&position).map_err(|e| e.to_string())?;
    let mut value_limits = args.opts.limits;
    value_limits.max_nodes = Some(value_limits.max_nodes.unwrap_or(VALUE_NODES));
    let limits = Limits::start(value_limits);
    let searched = Solver::with_config(&game, config(&limits)).value(&position);
    let value = searched.as_ref().ok().copied();
    let winning_moves = moves
        .iter()
        .map(|to| {
            let after = grundy::Ruleset::play(&game, &position, to);
            MoveLine::new(name(to), to, game.to_text(&after), &after)
        })
        .collect();
    let report = Report {
        ruleset,
        position: position_text,
        position_data: data(&position),
        play: Play::Normal,
        value: value.map(|v| (v.to_string(), nimber_data(v))),
        outcome,
        winning_moves,
        show_results: args.opts.show,
        note: None,
    };
    debug_assert!(value.is_none_or(|v| Outcome::from_value(v) == outcome));
    let mut text = report.render(args.opts.json);
    if let (Err(e), false) = (&searched, args.opts.json) {
        let why = match e {
            SolveError::NodeLimit { .. } => "ran out of nodes: raise --max-nodes",
            SolveError::TimeLimit { .. } => "reached the time limit: raise --time-limit",
            _ => "was stopped",
        };
        let _ = writeln!(
            text,
            "(outcome and winning moves by the matching method; the value search {why})"
        );
    }
    Ok(text)
}

pub(crate) fn run_nimg(args: &NimgArgs) -> Result<String, Failure> {
    let err = |e: NimGError| e.to_string();
    let show_disks = |d: &[u64]| d.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    if args.on_edges {
        if args.disks.is_some() {
            return Err("--disks is for disks on vertices: with --on-edges give them in --edges, e.g. '0-1:3'".into());
        }
        if args.rule != "remove-then-move" {
            return Err("--rule does not apply to --on-edges (Edge NimG has one rule)".into());
        }
        let (game, disks) = EdgeNimG::parse(&args.edges).map_err(err)?;
        let token = args.token.ok_or("give the token's vertex with --token")?;
        let position = game.position(disks, token).map_err(err)?;
        let text = game.to_text(&position);
        return solver_report(
            "edge nimg",
            &game,
            &position,
            text,
            args.opts,
            |mv| {
                let (u, v) = game.edges()[mv.edge];
                format!("take {} from edge {} ({u}-{v})", mv.take, mv.edge)
            },
            |p| game.to_text(p),
        );
    }
    let graph = Graph::parse_edge_list(&args.edges).map_err(|e| e.to_string())?;
    let disks =
        parse_disks(args.disks.as_deref().ok_or("give the disks on each vertex with --disks")?)
            .map_err(err)?;
    if args.rule == "neighboring" {
        let game = NeighboringNim::new(graph);
        let position = game.position(disks, args.token).map_err(err)?;
        let text = position.to_string();
        return solver_report(
            "neighboring nim",
            &game,
            &position,
            text,
            args.opts,
            |mv| format!("take {} from vertex {}", mv.take, mv.to),
            |p| p.to_string(),
        );
    }
    let rule: VertexRule =
        args.rule.parse().map_err(|e: NimGError| format!("{e} (or neighboring)"))?;
    let token = args.token.ok_or("give the token's vertex with --token")?;
    let game = VertexNimG::new(graph, rule);
    let position = game.position(disks, token).map_err(err)?;
    let text = format!("{} @{}", show_disks(position.disks()), position.token());
    let ruleset = match rule {
        VertexRule::RemoveThenMove => "vertex nimg (remove then move)",
        VertexRule::RemoveThenMoveToNonEmpty => {
            "vertex nimg (remove then move to a non-empty vertex)"
        }
        VertexRule::MoveThenRemove => "vertex nimg (move then remove)",
    };
    solver_report(
        ruleset,
        &game,
        &position,
        text,
        args.opts,
        |mv| mv.to_string(),
        |p| p.to_string(),
    )
}

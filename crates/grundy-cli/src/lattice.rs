//! `grundy lattice-game --rules '1,0 0,1 -1,1' --box 30,30`: the P-positions of a lattice game
//! (Guo and Miller) in a box.

use core::fmt::Write as _;

use serde_json::{Value, json};

use std::time::Duration;

use crate::exit::{Failure, Limits, parse_seconds};
use crate::memory::check_memory;
use crate::report::json_line;
use grundy::lattice::{
    GameTextError, GeneralBoard, LatticeError, LatticeGame, Outcomes, Point, Proposal,
    SearchLimits, propose_from_within, read_vectors,
};

/// Arguments of `lattice-game`.
#[derive(Debug, clap::Args)]
pub(crate) struct LatticeGameArgs {
    /// The rule set: vectors separated by spaces, coordinates by commas, e.g. '1,0 0,1 -1,1'
    /// (a move subtracts a vector)
    #[arg(long, allow_hyphen_values = true)]
    rules: String,
    /// Generators of the defeated positions, e.g. '0,0 1,1' (their order ideal is removed
    /// from the board)
    #[arg(long, conflicts_with = "misere")]
    defeated: Option<String>,
    /// Ordinary misère play: the origin is defeated
    #[arg(long)]
    misere: bool,
    /// The board, a rational polyhedron inside N^d: inequalities in x0, x1, ... (coordinate
    /// j is xj, from 0) separated by commas, e.g. 'x1 <= 2 x0, x0 + x1 >= 1' [default: N^d];
    /// with the prefix 'Z^d:' any pointed polyhedron of Z^d, e.g. 'Z^2: x1 >= x0, x1 >= -x0'
    #[arg(long, value_name = "INEQUALITIES", allow_hyphen_values = true)]
    board: Option<String>,
    /// Positions only in the subgroup of Z^d these vectors generate, e.g. '1,1 2,0' (with a
    /// 'Z^d:' board, or alone for the orthant's points in it)
    #[arg(long, value_name = "GENERATORS", allow_hyphen_values = true)]
    lattice: Option<String>,
    /// The box's upper corner, e.g. 30,30 (coordinates from 0 to these); on a 'Z^d:' board
    /// or a --lattice, also LOWER:UPPER, e.g. -5,-5:5,5
    #[arg(long = "box", value_name = "UPPER", allow_hyphen_values = true)]
    upper: String,
    /// Also search an affine stratification of the P-positions: learned from the box,
    /// verified on the box twice as large in every coordinate
    #[arg(long)]
    stratify: bool,
    /// Draw the P-positions of a two-dimensional box as an SVG picture into this file
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
    /// Give up after computing this many points of the boxes (the box around the box asked
    /// for, that its moves reach, is computed too) [default: no limit]
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up after this many seconds, fractions allowed (e.g. 2.5) [default: no limit]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The bytes the box's dynamic programme needs per point, about (measured near 8, doubled
/// for the reach box around it).
const BYTES_PER_POINT: u64 = 16;

/// The most P-positions listed in text for a box of other than two dimensions.
const MAX_LISTED: usize = 10_000;

pub(crate) fn lattice_game(args: &LatticeGameArgs) -> Result<String, Failure> {
    let general = args.lattice.is_some()
        || args.board.as_deref().is_some_and(|b| b.trim_start().starts_with("Z^"));
    if general {
        return general_game(args);
    }
    // clap refuses --defeated with --misere; the library words every other refusal, naming
    // the part at fault as the options are named.
    let game = match &args.board {
        None => LatticeGame::from_text(&args.rules, args.defeated.as_deref(), args.misere),
        Some(board) => LatticeGame::from_text_on_board(
            &args.rules,
            args.defeated.as_deref(),
            args.misere,
            board,
        ),
    }
    .map_err(|e| match e {
        GameTextError::DefeatedAndMisere => e.to_string(),
        _ => format!("--{e}"),
    })?;
    let upper: Point = args.upper.parse().map_err(|e| format!("--box: {e}"))?;
    // The dynamic programme keeps a few bytes per point of the box (of the box twice as
    // large in every coordinate with --stratify): refuse what would not fit in memory.
    let scale = if args.stratify { 2 } else { 1 };
    let points = upper.coordinates().iter().fold(1u64, |acc, &u| {
        acc.saturating_mul(u64::from(u).saturating_mul(scale).saturating_add(1))
    });
    check_memory(&format!("--box {upper}"), points, BYTES_PER_POINT)?;
    let limits = Limits::new(args.max_nodes, args.time_limit);
    let computed = |e: LatticeError, what: &str, proved: Vec<String>| -> Failure {
        match e {
            LatticeError::Stopped(stop) => limits.stopped(&stop, proved).into(),
            e => format!("{what}: {e}").into(),
        }
    };
    let outcomes = Outcomes::compute_within(&game, upper.coordinates(), &limits.budget(0))
        .map_err(|e| computed(e, "--box", Vec::new()))?;
    let p: Vec<Point> = outcomes.p_positions().collect();
    if let Some(path) = &args.plot {
        let svg = plot(&outcomes).ok_or("--plot: only a two-dimensional box can be drawn")?;
        std::fs::write(path, svg).map_err(|e| format!("--plot: {}: {e}", path.display()))?;
    }
    let stratification = if args.stratify {
        let check: Vec<u32> = upper.coordinates().iter().map(|&u| u.saturating_mul(2)).collect();
        let proved = vec![format!("the P-positions of the box {upper}: {}", p.len())];
        let big = Outcomes::compute_within(&game, &check, &limits.budget(0))
            .map_err(|e| computed(e, "--stratify: the verification box", proved))?;
        let proved = vec![format!("the P-positions of the box {upper}: {}", p.len())];
        let found = propose_from_within(
            &big,
            upper.coordinates(),
            SearchLimits::default(),
            &limits.budget(0),
        )
        .map_err(|e| computed(e, "--stratify", proved))?;
        Some((found, check))
    } else {
        None
    };
    let mut out = String::new();
    if args.json {
        let mut defeated: Vec<&Point> = game.defeated().collect();
        defeated.sort();
        let mut report = json!({
            "rules": game.rules().vectors(),
            "weights": game.rules().weights(),
            "defeated": defeated.iter().map(|p| p.coordinates()).collect::<Vec<_>>(),
            "box": upper.coordinates(),
            "p_positions": p.iter().map(Point::coordinates).collect::<Vec<_>>(),
        });
        if !game.board().is_orthant() {
            report["board"] = json!(game.board().to_string());
            report["function"] = json!(game.rules().function());
        }
        if let Some((found, check)) = &stratification {
            report["stratification"] = stratification_json(found, check);
        }
        return Ok(json_line(&report));
    }
    let _ = writeln!(out, "rule set: {}", game.rules());
    if !game.board().is_orthant() {
        let _ = writeln!(out, "board: {}", game.board());
    }
    if game.rules().weights().is_empty() {
        let function: Vec<String> =
            game.rules().function().iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "decreasing function (axiom 1): {}", function.join(" "));
    } else {
        let weights: Vec<String> = game.rules().weights().iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "positive weights: {}", weights.join(" "));
    }
    let defeated = game.defeated().count();
    if defeated > 0 {
        let _ = writeln!(out, "defeated positions: {defeated}");
    }
    let _ = writeln!(out, "box: {} (every coordinate from 0)", upper);
    let _ = writeln!(out, "P-positions in the box: {}", p.len());
    if let Some((found, check)) = &stratification {
        let _ = writeln!(out, "stratification: {}", stratification_text(found, check));
    }
    if let Some(picture) = outcomes.picture() {
        let _ = writeln!(
            out,
            "picture (first coordinate to the right, second upwards; P, . for N, x defeated{}):",
            if game.board().is_orthant() { "" } else { " or off the board" }
        );
        out.push_str(&picture);
    } else {
        for point in p.iter().take(MAX_LISTED) {
            let _ = writeln!(out, "  {point}");
        }
        if p.len() > MAX_LISTED {
            let _ = writeln!(out, "  ... {} more (use --json for all)", p.len() - MAX_LISTED);
        }
    }
    Ok(out)
}

/// The search's answer in words.
fn stratification_text(found: &Proposal, check: &[u32]) -> String {
    let corner = Point::new(check.to_vec());
    match found {
        Proposal::Verified { stratification, .. } => {
            format!("{stratification} (verified on the box {corner})")
        }
        Proposal::Refuted { stratification, point, .. } => format!(
            "none verified: {stratification} fits the box but fails at {point} (box {corner})"
        ),
        Proposal::NotFound { axis } => {
            format!("none found: no threshold and period along coordinate {axis} fit the box")
        }
    }
}

/// The search's answer as a JSON object.
fn stratification_json(found: &Proposal, check: &[u32]) -> Value {
    match found {
        Proposal::Verified { stratification, .. } => json!({
            "result": "verified",
            "stratification": stratification.to_string(),
            "verified_on": check,
        }),
        Proposal::Refuted { stratification, point, .. } => json!({
            "result": "refuted",
            "stratification": stratification.to_string(),
            "point": point.coordinates(),
        }),
        Proposal::NotFound { axis } => json!({ "result": "not found", "axis": axis }),
    }
}

/// An SVG picture of a two-dimensional box: a square per point, P-positions filled, defeated
/// points crossed, the first coordinate to the right and the second upwards, axes labelled.
fn plot(outcomes: &Outcomes) -> Option<String> {
    let [u0, u1] = outcomes.upper()[..] else { return None };
    let cell = (600 / (u0.max(u1).saturating_add(1))).clamp(2, 24);
    let (margin, width, height) = (40, (u0 + 1) * cell, (u1 + 1) * cell);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="12">"#,
        width + 2 * margin,
        height + 2 * margin
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{margin}" y="{margin}" width="{width}" height="{height}" fill="#fff" stroke="#999"/>"##
    );
    for y in 0..=u1 {
        for x in 0..=u0 {
            let (px, py) = (margin + x * cell, margin + (u1 - y) * cell);
            match outcomes.outcome(&Point::new([x, y])) {
                Some(grundy::Outcome::P) => {
                    let _ = writeln!(
                        svg,
                        r##"<rect x="{px}" y="{py}" width="{cell}" height="{cell}" fill="#1f4e99"/>"##
                    );
                }
                Some(grundy::Outcome::N) => {}
                None => {
                    let _ = writeln!(
                        svg,
                        r##"<path d="M{px} {py}l{cell} {cell}M{} {py}l-{cell} {cell}" stroke="#c33"/>"##,
                        px + cell
                    );
                }
            }
        }
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">first coordinate (0 to {u0})</text>"#,
        margin + width / 2,
        height + margin + 25
    );
    let _ = writeln!(
        svg,
        r#"<text x="15" y="{0}" text-anchor="middle" transform="rotate(-90 15 {0})">second coordinate (0 to {u1})</text>"#,
        margin + height / 2
    );
    let _ = writeln!(
        svg,
        r#"<text x="{margin}" y="25">P-positions (filled) of the box; defeated positions crossed</text>"#
    );
    svg.push_str("</svg>\n");
    Some(svg)
}

/// `lattice-game` on a board outside `N^d` (a `Z^d:` board or a `--lattice`): the outcomes
/// of the positions of a box of `Z^d`, computed on the board's embedding into `N^k`.
fn general_game(args: &LatticeGameArgs) -> Result<String, Failure> {
    if args.stratify {
        return Err("--stratify: not available on a board outside N^d".into());
    }
    if args.plot.is_some() {
        return Err("--plot: not available on a board outside N^d".into());
    }
    let rules = read_vectors(&args.rules).map_err(|e| format!("--rules: {e}"))?;
    let dimension = rules.first().map_or(0, Vec::len);
    let lattice = args
        .lattice
        .as_deref()
        .map(read_vectors)
        .transpose()
        .map_err(|e| format!("--lattice: {e}"))?;
    let text = match args.board.as_deref() {
        Some(text) => text.to_owned(),
        // The orthant's points in the lattice.
        None => (0..dimension).map(|j| format!("x{j} >= 0")).collect::<Vec<_>>().join(", "),
    };
    let board = GeneralBoard::from_text(&text, dimension.max(1), lattice)
        .map_err(|e| format!("--board: {e}"))?;
    let game =
        board.game_from_text(&args.rules, args.defeated.as_deref(), args.misere).map_err(|e| {
            match e {
                GameTextError::DefeatedAndMisere => e.to_string(),
                _ => format!("--{e}"),
            }
        })?;
    let (lower, upper) = corners(&args.upper, dimension)?;
    let cells = lower.iter().zip(&upper).fold(1u64, |acc, (&l, &u)| {
        let width = i128::from(u) - i128::from(l) + 1;
        acc.saturating_mul(u64::try_from(width).unwrap_or(u64::MAX))
    });
    check_memory(&format!("--box {}", args.upper), cells, BYTES_PER_POINT)?;
    let limits = Limits::new(args.max_nodes, args.time_limit);
    let positions =
        board.outcomes_in_box(&game, &lower, &upper, &limits.budget(0)).map_err(|e| match e {
            LatticeError::Stopped(stop) => limits.stopped(&stop, Vec::new()).into(),
            e => Failure::from(format!("--box: {e}")),
        })?;
    let p: Vec<&Vec<i64>> =
        positions.iter().filter(|(_, o)| *o == Some(grundy::Outcome::P)).map(|(x, _)| x).collect();
    if args.json {
        let defeated = positions.iter().filter(|(_, o)| o.is_none()).count();
        let report = json!({
            "rules": rules,
            "board": board.to_string(),
            "embedding": {
                "basis": board.basis(),
                "matrix": board.matrix(),
                "shift": board.shift(),
                "board": game.board().to_string(),
            },
            "box": { "lower": lower, "upper": upper },
            "positions": positions.len(),
            "defeated": defeated,
            "p_positions": p,
        });
        return Ok(json_line(&report));
    }
    let mut out = String::new();
    let _ = writeln!(out, "rule set: {}", vectors_text(&rules));
    let _ = writeln!(out, "board: {board}");
    let _ = writeln!(out, "embedding into the orthant: {}", board.embedding_text());
    let _ = writeln!(out, "embedded board: {}", game.board());
    let _ = writeln!(out, "box: {} to {}", vector_text(&lower), vector_text(&upper));
    let _ = writeln!(out, "positions in the box: {}", positions.len());
    let _ = writeln!(out, "P-positions in the box: {}", p.len());
    if let ([l0, l1], [u0, u1]) = (&lower[..], &upper[..]) {
        let _ = writeln!(
            out,
            "picture (first coordinate to the right, second upwards; P, . for N, x defeated, \
             blank off the board):"
        );
        let by_point: std::collections::HashMap<&[i64], Option<grundy::Outcome>> =
            positions.iter().map(|(x, o)| (x.as_slice(), *o)).collect();
        for y in (*l1..=*u1).rev() {
            let row: String = (*l0..=*u0)
                .map(|x| match by_point.get(&[x, y][..]) {
                    None => ' ',
                    Some(None) => 'x',
                    Some(Some(grundy::Outcome::P)) => 'P',
                    Some(Some(_)) => '.',
                })
                .collect();
            let _ = writeln!(out, "{}", row.trim_end());
        }
    } else {
        for x in p.iter().take(MAX_LISTED) {
            let _ = writeln!(out, "  {}", vector_text(x));
        }
        if p.len() > MAX_LISTED {
            let _ = writeln!(out, "  ... {} more (use --json for all)", p.len() - MAX_LISTED);
        }
    }
    Ok(out)
}

/// The corners of `--box` on a general board: `LOWER:UPPER`, or `UPPER` from the origin.
fn corners(text: &str, dimension: usize) -> Result<(Vec<i64>, Vec<i64>), String> {
    let one = |part: &str| -> Result<Vec<i64>, String> {
        match read_vectors(part).map_err(|e| format!("--box: {e}"))?.as_slice() {
            [v] if v.len() == dimension => Ok(v.clone()),
            [v] => Err(format!("--box: {} coordinates, the rule set {dimension}", v.len())),
            _ => Err(format!("--box: expected one corner, got '{part}'")),
        }
    };
    let (lower, upper) = match text.split_once(':') {
        Some((l, u)) => (one(l)?, one(u)?),
        None => (vec![0; dimension], one(text)?),
    };
    if let Some(j) = (0..dimension).find(|&j| lower[j] > upper[j]) {
        return Err(format!("--box: coordinate {j} runs from {} down to {}", lower[j], upper[j]));
    }
    Ok((lower, upper))
}

/// `(1, -2)`.
fn vector_text(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("({})", items.join(", "))
}

/// `(0, 1), (1, 1)`.
fn vectors_text(vs: &[Vec<i64>]) -> String {
    vs.iter().map(|v| vector_text(v)).collect::<Vec<_>>().join(", ")
}

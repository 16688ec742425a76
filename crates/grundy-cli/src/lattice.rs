//! `grundy lattice-game --rules '1,0 0,1 -1,1' --box 30,30`: the P-positions of a lattice game
//! (Guo and Miller) in a box.

use core::fmt::Write as _;

use grundy::lattice::{LatticeGame, Outcomes, Point, RuleSet};

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
    /// The box's upper corner, e.g. 30,30 (coordinates from 0 to these)
    #[arg(long = "box", value_name = "UPPER")]
    upper: String,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The most P-positions listed in text for a box of other than two dimensions.
const MAX_LISTED: usize = 10_000;

pub(crate) fn lattice_game(args: &LatticeGameArgs) -> Result<String, String> {
    let rules: RuleSet = args.rules.parse().map_err(|e| format!("--rules: {e}"))?;
    let game = if args.misere {
        LatticeGame::misere(rules)
    } else if let Some(text) = &args.defeated {
        let generators = text
            .split_whitespace()
            .map(|g| g.parse::<Point>().map_err(|e| format!("--defeated: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        LatticeGame::with_defeated(rules, generators).map_err(|e| format!("--defeated: {e}"))?
    } else {
        LatticeGame::normal(rules)
    };
    let upper: Point = args.upper.parse().map_err(|e| format!("--box: {e}"))?;
    let outcomes =
        Outcomes::compute(&game, upper.coordinates()).map_err(|e| format!("--box: {e}"))?;
    let p: Vec<Point> = outcomes.p_positions().collect();
    let mut out = String::new();
    if args.json {
        let list = |points: &mut dyn Iterator<Item = Vec<u32>>| {
            let items: Vec<String> = points.map(|c| format!("{c:?}")).collect();
            format!("[{}]", items.join(","))
        };
        let vectors: Vec<String> =
            game.rules().vectors().iter().map(|v| format!("{v:?}")).collect();
        let _ = write!(out, "{{\"rules\":[{}]", vectors.join(","));
        let _ = write!(out, ",\"weights\":{:?}", game.rules().weights());
        let mut defeated: Vec<&Point> = game.defeated().collect();
        defeated.sort();
        let _ = write!(
            out,
            ",\"defeated\":{}",
            list(&mut defeated.iter().map(|p| p.coordinates().to_vec()))
        );
        let _ = write!(out, ",\"box\":{:?}", upper.coordinates());
        let _ = write!(
            out,
            ",\"p_positions\":{}",
            list(&mut p.iter().map(|p| p.coordinates().to_vec()))
        );
        out.push_str("}\n");
        return Ok(out);
    }
    let _ = writeln!(out, "rule set: {}", game.rules());
    let weights: Vec<String> = game.rules().weights().iter().map(ToString::to_string).collect();
    let _ = writeln!(out, "positive weights: {}", weights.join(" "));
    let defeated = game.defeated().count();
    if defeated > 0 {
        let _ = writeln!(out, "defeated positions: {defeated}");
    }
    let _ = writeln!(out, "box: {} (every coordinate from 0)", upper);
    let _ = writeln!(out, "P-positions in the box: {}", p.len());
    if let Some(picture) = outcomes.picture() {
        let _ = writeln!(
            out,
            "picture (first coordinate to the right, second upwards; P, . for N, x defeated):"
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

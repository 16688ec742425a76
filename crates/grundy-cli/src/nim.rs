//! `grundy nim 3 5 7`: Nim in closed form, heaps of any size.

use grundy::nim::{Heaps, Nim};

use serde_json::Value;

use crate::report::{MoveLine, Play, Report, data};

/// Arguments of `grundy nim`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct Args {
    /// Heap sizes, e.g. `3 5 7` (non-negative integers of any size)
    heaps: Vec<String>,
    /// Misère play: whoever takes the last token loses
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: &Args) -> Result<String, String> {
    let position: Heaps = args.heaps.join(" ").parse().map_err(|e| format!("{e}"))?;
    let (play, outcome, moves, value) = if args.misere {
        (Play::Misere, Nim.misere_outcome(&position), Nim.misere_winning_moves(&position), None)
    } else {
        let sum = Nim.nim_sum(&position);
        let text = if sum == 0u32.into() {
            "0".to_owned()
        } else if sum == 1u32.into() {
            "*".to_owned()
        } else {
            format!("*{sum}")
        };
        // A number when it fits in 64 bits, else its decimal digits as a string (as the
        // library's serde form of heaps does).
        let data = u64::try_from(&sum).map_or_else(|_| Value::from(sum.to_string()), Value::from);
        (Play::Normal, Nim.outcome(&position), Nim.winning_moves(&position), Some((text, data)))
    };
    let winning_moves = moves
        .iter()
        .map(|mv| {
            let after = Nim.play_checked(&position, mv).map_err(|e| e.to_string())?;
            Ok(MoveLine::new(mv.to_string(), mv, after.to_string(), &after))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let report = Report {
        ruleset: "nim",
        position: position.to_string(),
        position_data: data(&position),
        play,
        value,
        outcome,
        winning_moves,
        show_results: true,
        note: None,
    };
    Ok(report.render(args.json))
}

//! What every subcommand prints: a position, its value, outcome and winning moves.

use std::fmt::Write as _;

use grundy::{Budget, Config, Outcome, Ruleset, SolveError, Solver};

/// The output and budget flags shared by the position subcommands.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct Opts {
    /// Also show the position reached by each winning move
    #[arg(long)]
    pub(crate) show: bool,
    /// Give up after searching this many positions
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub(crate) json: bool,
}

/// The solver configuration of `--max-nodes`.
pub(crate) fn config(max_nodes: Option<u64>) -> Config {
    let budget = match max_nodes {
        Some(n) => Budget::unlimited().with_max_nodes(n),
        None => Budget::unlimited(),
    };
    Config::default().with_table_bytes(512 << 20).with_budget(budget)
}

pub(crate) fn solve_error(e: SolveError) -> String {
    format!("{e} (raise --max-nodes)")
}

/// The report of `position` of `game` solved by the generic [`Solver`]: `name` writes a move,
/// `show` a position reached by one (with `--show`).
pub(crate) fn solver_report<R>(
    ruleset: &'static str,
    game: &R,
    position: &R::Position,
    position_text: String,
    opts: Opts,
    name: impl Fn(&R::Move) -> String,
    show: impl Fn(&R::Position) -> String,
) -> Result<String, String>
where
    R: Ruleset,
{
    let mut solver = Solver::with_config(game, config(opts.max_nodes));
    let value = solver.value(position).map_err(solve_error)?;
    let moves = solver.winning_moves(position).map_err(solve_error)?;
    let winning_moves = moves
        .iter()
        .map(|mv| MoveLine {
            text: name(mv),
            result: if opts.show { show(&game.play(position, mv)) } else { String::new() },
        })
        .collect();
    let report = Report::normal(ruleset, position_text, value, winning_moves);
    Ok(report.render(opts.json))
}

/// Which convention decides the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    Normal,
    Misere,
}

/// One winning move: how to say it, and the position it leads to.
#[derive(Clone, Debug)]
pub(crate) struct MoveLine {
    pub(crate) text: String,
    pub(crate) result: String,
}

/// The winning-move lines of `moves`: each move, and the position it leads to.
pub(crate) fn move_lines<R>(ruleset: &R, position: &R::Position, moves: &[R::Move]) -> Vec<MoveLine>
where
    R: grundy::Ruleset,
    R::Position: std::fmt::Display,
    R::Move: std::fmt::Display,
{
    moves
        .iter()
        .map(|mv| MoveLine { text: mv.to_string(), result: ruleset.play(position, mv).to_string() })
        .collect()
}

/// The answer about one position.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub(crate) ruleset: &'static str,
    pub(crate) position: String,
    pub(crate) play: Play,
    /// The Grundy value, when known (normal play only).
    pub(crate) value: Option<String>,
    pub(crate) outcome: Outcome,
    pub(crate) winning_moves: Vec<MoveLine>,
    /// Why the winning moves are not listed, when they are not.
    pub(crate) note: Option<String>,
}

impl Report {
    /// The report of a position under normal play, whose value is known.
    pub(crate) fn normal(
        ruleset: &'static str,
        position: String,
        value: grundy::Nimber,
        winning_moves: Vec<MoveLine>,
    ) -> Report {
        Report {
            ruleset,
            position,
            play: Play::Normal,
            value: Some(value.to_string()),
            outcome: Outcome::from_value(value),
            winning_moves,
            note: None,
        }
    }

    /// Renders the report as aligned text, or as one JSON object.
    pub(crate) fn render(&self, json: bool) -> String {
        if json { self.json() } else { self.text() }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let play = match self.play {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        };
        let _ = writeln!(out, "ruleset   {} ({play})", self.ruleset);
        let position = if self.position.is_empty() { "(empty)" } else { &self.position };
        let _ = writeln!(out, "position  {position}");
        if let Some(value) = &self.value {
            let _ = writeln!(out, "value     {value}");
        }
        let _ = writeln!(out, "outcome   {} ({})", self.outcome, self.outcome.describe());
        if let Some(note) = &self.note {
            let _ = writeln!(out, "winning moves: not listed ({note})");
        } else if self.winning_moves.is_empty() {
            let _ = writeln!(out, "winning moves: none");
        } else {
            let _ = writeln!(out, "winning moves ({}):", self.winning_moves.len());
            let width =
                self.winning_moves.iter().map(|m| m.text.chars().count()).max().unwrap_or(0);
            for m in &self.winning_moves {
                if m.result.is_empty() {
                    let _ = writeln!(out, "  {}", m.text);
                } else {
                    let _ = writeln!(out, "  {:width$}  ->  {}", m.text, m.result);
                }
            }
        }
        out
    }

    fn json(&self) -> String {
        let mut out = String::from("{");
        let _ = write!(out, "\"ruleset\":{}", quote(self.ruleset));
        let _ = write!(out, ",\"position\":{}", quote(&self.position));
        let play = match self.play {
            Play::Normal => "normal",
            Play::Misere => "misere",
        };
        let _ = write!(out, ",\"play\":{}", quote(play));
        match &self.value {
            Some(v) => {
                let _ = write!(out, ",\"value\":{}", quote(v));
            }
            None => out.push_str(",\"value\":null"),
        }
        let _ = write!(out, ",\"outcome\":{}", quote(&self.outcome.to_string()));
        out.push_str(",\"winning_moves\":[");
        for (i, m) in self.winning_moves.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if m.result.is_empty() {
                let _ = write!(out, "{{\"move\":{}}}", quote(&m.text));
            } else {
                let _ =
                    write!(out, "{{\"move\":{},\"result\":{}}}", quote(&m.text), quote(&m.result));
            }
        }
        out.push(']');
        if let Some(note) = &self.note {
            let _ = write!(out, ",\"note\":{}", quote(note));
        }
        out.push_str("}\n");
        out
    }
}

/// A JSON string literal.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(quote("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
    }
}

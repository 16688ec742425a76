//! What every subcommand prints: a position, its value, outcome and winning moves.

use std::fmt::Write as _;

use grundy::{Config, Known, Method, Nimber, Outcome, Ruleset, Solver, mex};
use serde::Serialize;
use serde_json::Value;

use crate::exit::{Failure, LimitArgs, Limits};

/// The output and budget flags shared by the position subcommands.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct Opts {
    /// Also show the position reached by each winning move
    #[arg(long)]
    pub(crate) show: bool,
    /// Misère play: whoever makes the last move loses (whole positions are searched, as
    /// misère play does not split into components)
    #[arg(long)]
    pub(crate) misere: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub(crate) json: bool,
    /// The solver's search: pruned (set queries, the default) or mex (every child valued,
    /// the default of chomp, whose values are large)
    #[arg(long, value_enum, value_name = "SEARCH")]
    pub(crate) search: Option<SearchArg>,
}

/// The search methods of grundy-core's solver, as `--search` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SearchArg {
    /// Set queries (Method::Pruned)
    Pruned,
    /// Every child valued (Method::Mex)
    Mex,
}

impl From<SearchArg> for Method {
    fn from(arg: SearchArg) -> Self {
        match arg {
            SearchArg::Pruned => Method::Pruned,
            SearchArg::Mex => Method::Mex,
        }
    }
}

/// The solver configuration of the first call under `limits`.
pub(crate) fn config(limits: &Limits) -> Config {
    Config::default().with_table_bytes(limits.table_bytes()).with_budget(limits.budget(0))
}

/// The most values listed in a report of values ruled out.
const MOST_LISTED: usize = 16;

/// The value of `position` as far as `solver`'s table (and the ruleset's closed forms) know
/// it: the nim-sum of its components' values, when all are known.
fn known_value<R: Ruleset>(solver: &Solver<R>, position: &R::Position) -> Option<Nimber> {
    let mut parts = Vec::new();
    solver.ruleset().components(position, &mut parts);
    parts.iter().try_fold(Nimber::ZERO, |acc, part| {
        let value = match solver.known(part) {
            Some(Known::Value(v)) => Some(v),
            _ => solver.ruleset().known_value(part),
        }?;
        Some(acc + value)
    })
}

/// What a solver's table proves about the value of a position whose search was stopped:
/// the value is not the value of any move already solved (a value is the mex of its moves'
/// values), so it is at least the mex of those and at most the number of moves; and a move
/// to a value-0 position makes it an N-position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounds<M> {
    /// The legal moves.
    pub(crate) moves: usize,
    /// The moves whose resulting positions have a known value.
    pub(crate) solved: usize,
    /// The values of those positions, increasing, without repeats: the value is none of them.
    pub(crate) ruled_out: Vec<Nimber>,
    /// The value is at least this (the mex of `ruled_out`).
    pub(crate) lower: Nimber,
    /// The value is at most this (the number of moves).
    pub(crate) upper: Nimber,
    /// A move to a position of value 0, if one is known: the position is then an N-position.
    pub(crate) to_p: Option<M>,
}

/// The [`Bounds`] that `solver`'s table gives on the value of `position`.
pub(crate) fn bounds<R: Ruleset>(solver: &Solver<R>, position: &R::Position) -> Bounds<R::Move> {
    let ruleset = solver.ruleset();
    let moves = ruleset.move_list(position);
    let solved: Vec<(&R::Move, Nimber)> = moves
        .iter()
        .filter_map(|mv| known_value(solver, &ruleset.play(position, mv)).map(|v| (mv, v)))
        .collect();
    let mut ruled_out: Vec<Nimber> = solved.iter().map(|&(_, v)| v).collect();
    ruled_out.sort_unstable();
    ruled_out.dedup();
    Bounds {
        moves: moves.len(),
        solved: solved.len(),
        lower: mex(ruled_out.iter().copied()),
        upper: Nimber::new(u64::try_from(moves.len()).unwrap_or(u64::MAX)),
        ruled_out,
        to_p: solved.iter().find(|(_, v)| v.is_zero()).map(|&(mv, _)| mv.clone()),
    }
}

/// What `solver` had proved about `position` when its budget stopped it, one fact a line:
/// the `value` if it was found (the winning moves were not), else the [`Bounds`] of its
/// table; then the work done.
pub(crate) fn solver_proved<R: Ruleset>(
    solver: &Solver<R>,
    position: &R::Position,
    value: Option<Nimber>,
    name: impl Fn(&R::Move) -> String,
) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(v) = value {
        let outcome = Outcome::from_value(v);
        lines.push(format!("value {v}, outcome {outcome} ({})", outcome.describe()));
        lines.push("the winning moves were not all checked".to_owned());
    } else {
        let b = bounds(solver, position);
        lines.push(format!("moves solved: {} of {}", b.solved, b.moves));
        if !b.ruled_out.is_empty() {
            let mut shown: Vec<String> =
                b.ruled_out.iter().take(MOST_LISTED).map(ToString::to_string).collect();
            if b.ruled_out.len() > MOST_LISTED {
                shown.push(format!("and {} more", b.ruled_out.len() - MOST_LISTED));
            }
            lines.push(format!("the value is none of {} (values of moves)", shown.join(", ")));
        }
        if b.lower.is_zero() {
            lines.push(format!("the value is at most {} (the number of moves)", b.upper));
        } else {
            lines.push(format!("the value is at least {} and at most {}", b.lower, b.upper));
        }
        if let Some(mv) = &b.to_p {
            lines.push(format!(
                "outcome N (next player wins): '{}' leads to a P-position",
                name(mv)
            ));
        } else if matches!(solver.known(position), Some(Known::NonZero)) {
            lines.push("outcome N (next player wins)".to_owned());
        }
    }
    lines.push(format!(
        "searched {} positions; {} facts stored",
        solver.stats().nodes,
        solver.table_len()
    ));
    lines
}

/// The report of `position` of `game` solved by the generic [`Solver`]: `name` writes a move,
/// `show` a position reached by one (printed with `--show`, always in JSON).
pub(crate) fn solver_report<R>(
    ruleset: &'static str,
    game: &R,
    position: &R::Position,
    position_text: String,
    opts: Opts,
    name: impl Fn(&R::Move) -> String,
    show: impl Fn(&R::Position) -> String,
) -> Result<String, Failure>
where
    R: Ruleset,
    R::Position: Serialize,
    R::Move: Serialize,
{
    let as_data = AsData { position: |p: &R::Position| data(p), mv: |m: &R::Move| data(m) };
    solver_report_as(ruleset, game, position, position_text, opts, (name, show), &as_data)
}

/// How the JSON of [`solver_report_as`] gives positions and moves: by functions of the
/// subcommand rather than the library's serde forms (which are raw words for some rulesets).
pub(crate) struct AsData<P, M> {
    /// A position as data.
    pub(crate) position: P,
    /// A move as data.
    pub(crate) mv: M,
}

/// [`solver_report`] with positions and moves written as data by `as_data`.
pub(crate) fn solver_report_as<R, P, M>(
    ruleset: &'static str,
    game: &R,
    position: &R::Position,
    position_text: String,
    opts: Opts,
    (name, show): (impl Fn(&R::Move) -> String, impl Fn(&R::Position) -> String),
    as_data: &AsData<P, M>,
) -> Result<String, Failure>
where
    R: Ruleset,
    P: Fn(&R::Position) -> Value,
    M: Fn(&R::Move) -> Value,
{
    let limits = Limits::start(opts.limits);
    let mut config = config(&limits);
    if let Some(search) = opts.search {
        config = config.with_method(search.into());
    }
    let mut solver = Solver::with_config(game, config);
    let lines = |moves: Vec<R::Move>| -> Vec<MoveLine> {
        moves
            .iter()
            .map(|mv| {
                let after = game.play(position, mv);
                MoveLine {
                    text: name(mv),
                    result: show(&after),
                    data: (as_data.mv)(mv),
                    result_data: (as_data.position)(&after),
                }
            })
            .collect()
    };
    if opts.misere {
        let work = |nodes: u64| format!("searched {nodes} positions");
        let outcome = solver
            .misere_outcome(position)
            .map_err(|e| limits.stopped(&e, vec![work(solver.stats().nodes)]))?;
        solver.set_budget(limits.budget(solver.stats().nodes));
        let moves = solver.misere_winning_moves(position).map_err(|e| {
            let proved = format!("misère outcome {outcome} ({})", outcome.describe());
            limits.stopped(&e, vec![proved, work(solver.stats().nodes)])
        })?;
        let report = Report {
            ruleset,
            position: position_text,
            position_data: (as_data.position)(position),
            play: Play::Misere,
            value: None,
            outcome,
            winning_moves: lines(moves),
            show_results: opts.show,
            note: None,
        };
        return Ok(report.render(opts.json));
    }
    let value = solver
        .value(position)
        .map_err(|e| limits.stopped(&e, solver_proved(&solver, position, None, &name)))?;
    solver.set_budget(limits.budget(solver.stats().nodes));
    let moves = solver
        .winning_moves(position)
        .map_err(|e| limits.stopped(&e, solver_proved(&solver, position, Some(value), &name)))?;
    let position_data = (as_data.position)(position);
    let report = Report::normal(ruleset, position_text, position_data, value, lines(moves));
    Ok(report.with_shown_results(opts.show).render(opts.json))
}

/// Which convention decides the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    Normal,
    Misere,
}

/// The structured form of `x` in the JSON output: what the library's serde form gives
/// (indices count from 0 there).
pub(crate) fn data(x: &impl Serialize) -> Value {
    // The library's serde forms are plain data (no maps with non-string keys), which
    // serde_json always represents.
    serde_json::to_value(x).unwrap_or(Value::Null)
}

/// A nimber as JSON: a number (serde_json's numbers hold every `u64`).
pub(crate) fn nimber_data(value: Nimber) -> Value {
    Value::from(value.value())
}

/// One winning move: how to say it and the position it leads to, in words and as data.
#[derive(Clone, Debug)]
pub(crate) struct MoveLine {
    /// The move in words (indices from 1, vertices as named in the input).
    pub(crate) text: String,
    /// The position reached, as text.
    pub(crate) result: String,
    /// The move as data (the library's serde form, indices from 0).
    pub(crate) data: Value,
    /// The position reached, as data.
    pub(crate) result_data: Value,
}

impl MoveLine {
    /// The line of a move written `text` as `mv`, reaching the position written `result` as
    /// `after`.
    pub(crate) fn new(
        text: String,
        mv: &impl Serialize,
        result: String,
        after: &impl Serialize,
    ) -> MoveLine {
        MoveLine { text, result, data: data(mv), result_data: data(after) }
    }
}

/// The winning-move lines of `moves`: each move, and the position it leads to.
pub(crate) fn move_lines<R>(ruleset: &R, position: &R::Position, moves: &[R::Move]) -> Vec<MoveLine>
where
    R: grundy::Ruleset,
    R::Position: std::fmt::Display + Serialize,
    R::Move: std::fmt::Display + Serialize,
{
    moves
        .iter()
        .map(|mv| {
            let after = ruleset.play(position, mv);
            MoveLine::new(mv.to_string(), mv, after.to_string(), &after)
        })
        .collect()
}

/// The answer about one position.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub(crate) ruleset: &'static str,
    /// The position in words.
    pub(crate) position: String,
    /// The position as data.
    pub(crate) position_data: Value,
    pub(crate) play: Play,
    /// The Grundy value in words (`*2`) and as data (`2`), when known (normal play only).
    pub(crate) value: Option<(String, Value)>,
    pub(crate) outcome: Outcome,
    pub(crate) winning_moves: Vec<MoveLine>,
    /// Whether the text output shows the position each winning move reaches (JSON always
    /// does).
    pub(crate) show_results: bool,
    /// Why the winning moves are not listed, when they are not.
    pub(crate) note: Option<String>,
}

/// The JSON form of a [`Report`].
#[derive(Serialize)]
struct JsonReport<'a> {
    ruleset: &'a str,
    play: &'a str,
    position: &'a Value,
    position_text: &'a str,
    value: Option<&'a Value>,
    value_text: Option<&'a str>,
    outcome: String,
    winning_moves: Vec<JsonMove<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

/// The JSON form of a [`MoveLine`].
#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(rename = "move")]
    mv: &'a Value,
    move_text: &'a str,
    to: &'a Value,
    to_text: &'a str,
}

impl Report {
    /// The report of a position under normal play, whose value is known.
    pub(crate) fn normal(
        ruleset: &'static str,
        position: String,
        position_data: Value,
        value: Nimber,
        winning_moves: Vec<MoveLine>,
    ) -> Report {
        Report {
            ruleset,
            position,
            position_data,
            play: Play::Normal,
            value: Some((value.to_string(), nimber_data(value))),
            outcome: Outcome::from_value(value),
            winning_moves,
            show_results: true,
            note: None,
        }
    }

    /// The same report, showing in text the position each winning move reaches or not.
    pub(crate) fn with_shown_results(mut self, show: bool) -> Report {
        self.show_results = show;
        self
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
        if let Some((value, _)) = &self.value {
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
                if self.show_results {
                    let result = if m.result.is_empty() { "(empty)" } else { &m.result };
                    // Padded by hand: `{:width$}` panics on widths beyond u16::MAX, which a
                    // long move text reaches.
                    let pad = width - m.text.chars().count();
                    let _ = writeln!(out, "  {}{}  ->  {result}", m.text, " ".repeat(pad));
                } else {
                    let _ = writeln!(out, "  {}", m.text);
                }
            }
        }
        out
    }

    fn json(&self) -> String {
        let report = JsonReport {
            ruleset: self.ruleset,
            play: match self.play {
                Play::Normal => "normal",
                Play::Misere => "misere",
            },
            position: &self.position_data,
            position_text: &self.position,
            value: self.value.as_ref().map(|(_, v)| v),
            value_text: self.value.as_ref().map(|(t, _)| t.as_str()),
            outcome: self.outcome.to_string(),
            winning_moves: self
                .winning_moves
                .iter()
                .map(|m| JsonMove {
                    mv: &m.data,
                    move_text: &m.text,
                    to: &m.result_data,
                    to_text: &m.result,
                })
                .collect(),
            note: self.note.as_deref(),
        };
        json_line(&report)
    }
}

/// `value` as one line of JSON.
pub(crate) fn json_line(value: &impl Serialize) -> String {
    // Serialising plain data into a string cannot fail.
    let mut out = serde_json::to_string(value).unwrap_or_default();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::{Bounds, bounds};
    use grundy::heap_games::{Antonim, GreedyNim, TowerNim};
    use grundy::{Budget, Config, Nimber, Ruleset, Solver, naive};

    /// Every budget from 1 to `most` positions on `position`: whenever the search stops, the
    /// bounds it reports hold for the value computed by the naive solver (which shares no
    /// code with the searching one). Returns how many stopped searches were checked.
    fn bounds_hold<R: Ruleset>(game: &R, position: &R::Position, most: u64) -> [usize; 3] {
        let value = naive::value(game, position);
        let mut checked = [0; 3];
        for nodes in 1..=most {
            let config = Config::default().with_budget(Budget::unlimited().with_max_nodes(nodes));
            let mut solver = Solver::with_config(game, config);
            if solver.value(position).is_ok() {
                break;
            }
            let Bounds { moves, solved, ruled_out, lower, upper, to_p } = bounds(&solver, position);
            assert!(solved <= moves, "{position:?}");
            assert!(!ruled_out.contains(&value), "{position:?} at {nodes} nodes: {ruled_out:?}");
            assert!(lower <= value && value <= upper, "{position:?} at {nodes}: {value}");
            checked[0] += 1;
            if !lower.is_zero() {
                checked[1] += 1;
            }
            if let Some(mv) = to_p {
                assert!(!value.is_zero(), "{position:?}");
                assert_eq!(naive::value(game, &game.play(position, &mv)), Nimber::ZERO);
                checked[2] += 1;
            }
        }
        checked
    }

    /// The facts printed when a budget stops a search hold: every position of Greedy Nim and
    /// Tower Nim with three heaps of at most 4 and of Antonim with three distinct heaps of at
    /// most 6, under every node budget that stops its search.
    #[test]
    fn stopped_searches_report_true_bounds() {
        let mut checked = [0; 3];
        let mut add = |more: [usize; 3]| {
            for (total, n) in checked.iter_mut().zip(more) {
                *total += n;
            }
        };
        for a in 1..=4u64 {
            for b in 1..=4 {
                for c in 1..=4 {
                    let text = format!("{a} {b} {c}");
                    add(bounds_hold(&GreedyNim, &text.parse().unwrap(), 100));
                    add(bounds_hold(&TowerNim, &text.parse().unwrap(), 100));
                }
            }
        }
        for a in 1..=6u64 {
            for b in a + 1..=6 {
                for c in b + 1..=6 {
                    add(bounds_hold(&Antonim, &format!("{a} {b} {c}").parse().unwrap(), 100));
                }
            }
        }
        // 1221 stopped searches, 151 of them with a lower bound above 0 (a move to a
        // P-position known): the facts checked are not all trivial.
        let [stopped, lower, to_p] = checked;
        assert!(stopped > 1000 && lower > 100 && to_p > 100, "{checked:?}");
    }
}

//! `grundy sum 'nim: 3 5' 'transverse-wave: gpg/ggg' 'octal 0.137: 7'`: a disjunctive sum of
//! positions of different families (normal play). Each part is solved on its own; the sum's
//! value is the nim-sum of the parts' values (Sprague-Grundy), and a winning move is a move of
//! one part to the value that makes the nim-sum 0.

use std::fmt::Display;
use std::str::FromStr;

use grundy::avoid_true::{AvoidTrue, AvoidTruePosition};
use grundy::demographic_influence::DemographicInfluence;
use grundy::friend_circle::FriendCircle;
use grundy::heap_games::{Antonim, GreedyNim, RotisserieNim, TowerNim};
use grundy::nim::{Heaps, Nim};
use grundy::node_kayles::NodeKayles;
use grundy::octal::{Octal, Rules, Sequence};
use grundy::quantum::{DemiQuantum, Superposition};
use grundy::transverse_wave::{BoolMatrix, CrosswiseAnd, CrosswiseOr, Grid, TransverseWave};
use grundy::{Budget, Nimber, Ruleset, SolveError, Solver};
use serde::Serialize;
use serde_json::{Value, json};

use crate::exit::{Failure, LimitArgs, Limits};
use crate::input::read_arg;
use crate::memory::{MAX_SEARCHED_HEAP, check_heaps, check_vertex_sets};
use crate::report::{MoveLine, Play, Report, config, data, nimber_data};

/// Arguments of `grundy sum`.
#[derive(Debug, clap::Args)]
#[command(after_help = FAMILIES_HELP)]
pub(crate) struct SumArgs {
    /// The parts, each 'FAMILY: POSITION' in the family's own text form (see below), e.g.
    /// 'nim: 3 5' 'transverse-wave: gpg/ggg' 'octal 0.137: 7 9'; '@FILE' after the colon
    /// reads the position from a file
    #[arg(required = true, value_name = "PART")]
    parts: Vec<String>,
    /// Also show the position each winning move reaches
    #[arg(long)]
    show: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The families a part may come from, for `grundy sum --help`.
const FAMILIES_HELP: &str = "\
Families: nim, antonim, tower-nim, rotisserie-nim, greedy-nim (heaps, at most 100000 tokens
each), octal CODE (heaps, e.g. 'octal 0.137: 5 7'), transverse-wave, crosswise-and,
crosswise-or, dq-nim (rows separated by '/'), avoid-true (a formula), node-kayles (an edge
list), friend-circle, demographic-influence (as their subcommands take them).

Sums are played under normal play only: misère play does not split into parts, so a misère
sum is a single game of one family (give its subcommand several heaps or components).";

/// One part of the sum, solved by its own solver.
trait Part {
    /// The family's name.
    fn family(&self) -> &str;
    /// The position in the family's text form.
    fn text(&self) -> String;
    /// The position as data.
    fn data(&self) -> Value;
    /// The part's Grundy value.
    fn value(&mut self) -> Result<Nimber, SolveError>;
    /// The moves of the part to a position of value `target`, each with the part's new
    /// position.
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<MoveLine>, SolveError>;
    /// Positions searched so far.
    fn nodes(&self) -> u64;
    /// The budget of the next calls.
    fn set_budget(&mut self, budget: Budget);
}

/// How a part writes a move or a position.
type Writer<T> = Box<dyn Fn(&T) -> String>;

/// A part of a ruleset `R`, searched by grundy-core's solver.
struct Searched<R: Ruleset> {
    family: String,
    solver: Solver<R>,
    position: R::Position,
    name: Writer<R::Move>,
    show: Writer<R::Position>,
}

impl<R> Part for Searched<R>
where
    R: Ruleset,
    R::Position: Serialize,
    R::Move: Serialize,
{
    fn family(&self) -> &str {
        &self.family
    }

    fn text(&self) -> String {
        (self.show)(&self.position)
    }

    fn data(&self) -> Value {
        data(&self.position)
    }

    fn value(&mut self) -> Result<Nimber, SolveError> {
        self.solver.value(&self.position)
    }

    fn moves_to(&mut self, target: Nimber) -> Result<Vec<MoveLine>, SolveError> {
        let mut lines = Vec::new();
        for mv in self.solver.ruleset().move_list(&self.position) {
            let after = self.solver.ruleset().play(&self.position, &mv);
            if self.solver.value(&after)? == target {
                lines.push(MoveLine::new((self.name)(&mv), &mv, (self.show)(&after), &after));
            }
        }
        Ok(lines)
    }

    fn nodes(&self) -> u64 {
        self.solver.stats().nodes
    }

    fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget);
    }
}

/// A part of `game` at `position` written by its `Display`, moves named by `name`.
fn searched<R>(
    family: &str,
    game: R,
    position: R::Position,
    limits: &Limits,
    name: impl Fn(&R::Move) -> String + 'static,
) -> Box<dyn Part>
where
    R: Ruleset + 'static,
    R::Position: Display + Serialize,
    R::Move: Serialize,
{
    searched_shown(family, game, position, limits, name, ToString::to_string)
}

/// A part of `game` at `position`, moves named by `name`, positions written by `show`.
fn searched_shown<R>(
    family: &str,
    game: R,
    position: R::Position,
    limits: &Limits,
    name: impl Fn(&R::Move) -> String + 'static,
    show: impl Fn(&R::Position) -> String + 'static,
) -> Box<dyn Part>
where
    R: Ruleset + 'static,
    R::Position: Serialize,
    R::Move: Serialize,
{
    Box::new(Searched {
        family: family.to_owned(),
        solver: Solver::with_config(game, config(limits)),
        position,
        name: Box::new(name),
        show: Box::new(show),
    })
}

/// A position of text `text`, its parse errors in words.
fn parse<P: FromStr>(text: &str) -> Result<P, String>
where
    P::Err: Display,
{
    text.parse().map_err(|e: P::Err| e.to_string())
}

/// Heaps of a heap family, each at most [`MAX_SEARCHED_HEAP`].
fn heaps<P: FromStr>(text: &str) -> Result<P, String>
where
    P::Err: Display,
{
    check_heaps(text, MAX_SEARCHED_HEAP)?;
    parse(text)
}

/// The part written `spec` ('FAMILY: POSITION').
fn part(spec: &str, limits: &Limits) -> Result<Box<dyn Part>, String> {
    let (family, text) = spec
        .split_once(':')
        .ok_or_else(|| format!("'{spec}': a part is 'FAMILY: POSITION', e.g. 'nim: 3 5'"))?;
    let family = family.trim().to_lowercase();
    let text = read_arg("position", text.trim())?;
    let text = text.trim();
    let column = |c: &usize| format!("column {}", c + 1);
    let part = match family.as_str() {
        "nim" => searched("nim", Nim, heaps::<Heaps>(text)?, limits, ToString::to_string),
        "antonim" => searched("antonim", Antonim, heaps(text)?, limits, ToString::to_string),
        "tower-nim" => searched("tower-nim", TowerNim, heaps(text)?, limits, ToString::to_string),
        "rotisserie-nim" => {
            searched("rotisserie-nim", RotisserieNim, heaps(text)?, limits, ToString::to_string)
        }
        "greedy-nim" => {
            searched("greedy-nim", GreedyNim, heaps(text)?, limits, ToString::to_string)
        }
        "transverse-wave" => {
            searched("transverse-wave", TransverseWave, parse::<Grid>(text)?, limits, column)
        }
        "crosswise-and" => {
            searched("crosswise-and", CrosswiseAnd, parse::<BoolMatrix>(text)?, limits, column)
        }
        "crosswise-or" => {
            searched("crosswise-or", CrosswiseOr, parse::<BoolMatrix>(text)?, limits, column)
        }
        "dq-nim" => {
            let position = Superposition::<Heaps>::parse_bounded(text, MAX_SEARCHED_HEAP)
                .map_err(|e| e.to_string())?;
            searched("dq-nim", DemiQuantum::new(Nim), position, limits, ToString::to_string)
        }
        "avoid-true" => {
            let position: AvoidTruePosition = parse(text)?;
            searched("avoid-true", AvoidTrue, position, limits, |x| format!("make x{} true", x + 1))
        }
        "node-kayles" => {
            let game = NodeKayles::from_edge_list(text).map_err(|e| e.to_string())?;
            check_vertex_sets(game.graph().order() as u64)?;
            let position = game.start();
            searched("node-kayles", game, position, limits, |v| format!("vertex {v}"))
        }
        "friend-circle" => {
            let (game, position) = FriendCircle::parse(text).map_err(|e| e.to_string())?;
            let text_of = game.clone();
            let name = |s: &usize| format!("seed {s}");
            searched_shown("friend-circle", game, position, limits, name, move |p| {
                text_of.to_text(p)
            })
        }
        "demographic-influence" => {
            let (game, theta) = DemographicInfluence::parse(text).map_err(|e| e.to_string())?;
            let text_of = game.clone();
            let name = |&(k, c): &(usize, i64)| format!("influence demographic {k} by {c}");
            searched_shown("demographic-influence", game, theta, limits, name, move |t| {
                text_of.to_text(t)
            })
        }
        other => match other.strip_prefix("octal") {
            Some(code) if code.starts_with(char::is_whitespace) => {
                let rules: Rules = parse(code.trim())?;
                let position: grundy::octal::Heaps = heaps(text)?;
                let largest = position.heaps().iter().copied().max().unwrap_or(0);
                let most = grundy::octal::MAX_ENUMERATED_THREE_WAY_HEAP;
                if rules.code().splits_in_three() && largest > most {
                    return Err(format!(
                        "heap {largest} is too large to search for a code that splits in \
                         three: at most {most} tokens"
                    ));
                }
                // Checked against MAX_SEARCHED_HEAP by `heaps`, so the length fits.
                let len = usize::try_from(largest).map_or(usize::MAX, |h| h + 1);
                let mut sequence = Sequence::for_rules(rules);
                sequence.extend_to(len).map_err(|e| e.to_string())?;
                let family = format!("octal {}", code.trim());
                searched(
                    &family,
                    Octal::from_sequence(sequence),
                    position,
                    limits,
                    ToString::to_string,
                )
            }
            _ => return Err(format!("'{}': no such family (see 'grundy sum --help')", family)),
        },
    };
    Ok(part)
}

pub(crate) fn sum(args: &SumArgs) -> Result<String, Failure> {
    let limits = Limits::start(args.limits);
    let mut parts = args
        .parts
        .iter()
        .enumerate()
        .map(|(i, spec)| part(spec, &limits).map_err(|e| format!("part {}: {e}", i + 1)))
        .collect::<Result<Vec<_>, String>>()?;
    let used = |parts: &[Box<dyn Part>]| parts.iter().map(|p| p.nodes()).sum::<u64>();
    let stopped = |e: &SolveError, parts: &[Box<dyn Part>], values: &[Nimber]| {
        let mut proved: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("part {} ({}) has value {v}", i + 1, parts[i].family()))
            .collect();
        proved.push(format!("searched {} positions", used(parts)));
        limits.stopped(e, proved)
    };
    let mut values = Vec::with_capacity(parts.len());
    for i in 0..parts.len() {
        let budget = limits.budget(used(&parts));
        parts[i].set_budget(budget);
        let value = parts[i].value().map_err(|e| stopped(&e, &parts, &values))?;
        values.push(value);
    }
    let total = values.iter().fold(Nimber::ZERO, |acc, &v| acc + v);
    // A winning move takes a part of value v to v + total (nim-sum), when that is below v.
    let mut winning_moves = Vec::new();
    if !total.is_zero() {
        for i in 0..parts.len() {
            let target = values[i] + total;
            if target >= values[i] {
                continue;
            }
            let budget = limits.budget(used(&parts));
            parts[i].set_budget(budget);
            let lines = parts[i].moves_to(target).map_err(|e| stopped(&e, &parts, &values))?;
            let family = parts[i].family().to_owned();
            winning_moves.extend(lines.into_iter().map(|line| MoveLine {
                text: format!("in part {} ({family}): {}", i + 1, line.text),
                data: json!({ "part": i, "move": line.data }),
                ..line
            }));
        }
    }
    let position_data: Vec<Value> = parts
        .iter()
        .zip(&values)
        .map(|(p, &v)| json!({ "family": p.family(), "position": p.data(), "value": nimber_data(v) }))
        .collect();
    let position_text = parts
        .iter()
        .zip(&values)
        .map(|(p, v)| format!("{}: {} ({v})", p.family(), p.text()))
        .collect::<Vec<_>>()
        .join(" + ");
    let report = Report {
        ruleset: "sum",
        position: position_text,
        position_data: Value::from(position_data),
        play: Play::Normal,
        value: Some((total.to_string(), nimber_data(total))),
        outcome: grundy::Outcome::from_value(total),
        winning_moves,
        show_results: args.show,
        note: None,
    };
    Ok(report.render(args.json))
}

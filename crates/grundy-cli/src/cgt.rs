//! `grundy cgt '{1|*} + ^'`: a partizan game in CGSuite's notation, evaluated to its canonical
//! form with its outcome class, birthday, mean and temperature; `grundy cgt '^ <= *'` compares
//! two games.

use core::fmt::Write as _;

use serde_json::{Value, json};

use std::time::Duration;

use crate::exit::{Failure, Limits, parse_seconds};
use crate::input::read_arg;
use crate::report::json_line;
use grundy::partizan::{Game, GameOrdering, GameStore, PartizanOutcome};

/// Arguments of `cgt`.
#[derive(Debug, clap::Args)]
#[command(allow_hyphen_values = true)]
pub(crate) struct CgtArgs {
    /// A game in CGSuite's notation ('{1|*} + ^', '±1', '1/2v*', '{0,*|-1}'), or a comparison
    /// of two games with <=, >=, <, >, ==, !=, || (confused), <| or |> between them ('^ <= *').
    /// '-' reads it from standard input, '@FILE' from a file
    expression: String,
    /// Give up after this many steps (each comparison, sum, canonical form and thermograph
    /// step of a game not met before counts one) [default: no limit]
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up after this many seconds, fractions allowed (e.g. 2.5) [default: no limit]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The comparison operators, longest first so that `<=` is not read as `<`: CGSuite's `||`
/// (confused with), `<|` (less than or confused with) and `|>` among them.
const OPERATORS: [&str; 9] = ["<=", ">=", "==", "!=", "||", "<|", "|>", "<", ">"];

pub(crate) fn cgt(args: &CgtArgs) -> Result<String, Failure> {
    let expression = read_arg("expression", &args.expression)?;
    let limits = Limits::new(args.max_nodes, args.time_limit);
    let mut store = GameStore::new();
    // Everything is computed under the limits: a stopped computation has proved nothing
    // worth printing (the games are evaluated as a whole).
    let answer = store
        .within(&limits.budget(0), |store| evaluate(store, &expression, args.json))
        .map_err(|e| limits.stopped(&e, Vec::new()))?;
    Ok(answer?)
}

/// The report on `text` (a game or a comparison of two games).
fn evaluate(store: &mut GameStore, text: &str, json: bool) -> Result<String, String> {
    let (left, comparison) = match split_comparison(text) {
        Some((g, op, h)) => (g, Some((op, h))),
        None => (text, None),
    };
    let side = |which: &str| match comparison {
        Some((op, _)) => format!("{which} of '{op}', "),
        None => String::new(),
    };
    let g = store.parse(left).map_err(|e| format!("{}{e}", side("left")))?;
    let mut out = String::new();
    match comparison {
        None => {
            let facts = facts(store, g);
            if json {
                out = json_line(&json_fields(&facts));
            } else {
                let _ = writeln!(out, "game         {}", text.trim());
                out.push_str(&text_lines(&facts));
            }
        }
        Some((op, right)) => {
            let h = store.parse(right).map_err(|e| format!("{}{e}", side("right")))?;
            let relation = store.cmp(g, h);
            let holds = match op {
                "<=" => matches!(relation, GameOrdering::Less | GameOrdering::Equal),
                ">=" => matches!(relation, GameOrdering::Greater | GameOrdering::Equal),
                "==" => relation == GameOrdering::Equal,
                "!=" => relation != GameOrdering::Equal,
                "||" => relation == GameOrdering::Confused,
                "<|" => matches!(relation, GameOrdering::Less | GameOrdering::Confused),
                "|>" => matches!(relation, GameOrdering::Greater | GameOrdering::Confused),
                "<" => relation == GameOrdering::Less,
                _ => relation == GameOrdering::Greater,
            };
            let (fg, fh) = (facts(store, g), facts(store, h));
            if json {
                out = json_line(&json!({
                    "left": json_fields(&fg),
                    "right": json_fields(&fh),
                    "relation": relation.to_string(),
                    "operator": op,
                    "holds": holds,
                }));
            } else {
                let _ = writeln!(out, "G = {}    H = {}", fg.value, fh.value);
                let _ = writeln!(out, "G {relation} H  ({})", relation_words(relation));
                let _ = writeln!(out, "G {op} H: {}", if holds { "true" } else { "false" });
            }
        }
    }
    Ok(out)
}

/// Splits `G op H` at the first comparison operator outside braces.
fn split_comparison(text: &str) -> Option<(&str, &'static str, &str)> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => {
                if let Some(op) = OPERATORS.iter().find(|op| text[i..].starts_with(*op)) {
                    return Some((&text[..i], op, &text[i + op.len()..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// What is printed about one game.
struct Facts {
    value: String,
    outcome: PartizanOutcome,
    birthday: String,
    mean: String,
    temperature: String,
}

fn facts(store: &mut GameStore, g: Game) -> Facts {
    Facts {
        value: store.display(g).to_string(),
        outcome: store.outcome(g),
        birthday: store.birthday(g).to_string(),
        mean: store.mean(g).to_string(),
        temperature: store.temperature(g).to_string(),
    }
}

fn text_lines(f: &Facts) -> String {
    let words = match f.outcome {
        PartizanOutcome::L => "Left wins, whoever starts",
        PartizanOutcome::R => "Right wins, whoever starts",
        PartizanOutcome::N => "the player to move wins",
        PartizanOutcome::P => "the player to move loses",
    };
    format!(
        "value        {}\noutcome      {} ({words})\nbirthday     {}\nmean         {}\ntemperature  {}\n",
        f.value, f.outcome, f.birthday, f.mean, f.temperature
    )
}

fn relation_words(relation: GameOrdering) -> &'static str {
    match relation {
        GameOrdering::Less => "H is better for Left than G",
        GameOrdering::Equal => "equal games",
        GameOrdering::Greater => "G is better for Left than H",
        GameOrdering::Confused => "confused: incomparable",
    }
}

fn json_fields(f: &Facts) -> Value {
    json!({
        "value": f.value,
        "outcome": f.outcome.to_string(),
        // A number when it fits in 64 bits, else its decimal digits as a string.
        "birthday": f.birthday.parse::<u64>().map_or_else(|_| json!(f.birthday), Value::from),
        "mean": f.mean,
        "temperature": f.temperature,
    })
}

//! `grundy myopic-col --path 'u u r u b'`, `--tree 'u(u,r)'`, `--edges '0>1 1>2' --colours
//! 'u u b'`: the canonical value of a Myopic Col position, its outcome class and each
//! player's good moves.

use core::fmt::Write as _;

use grundy::SolveError;
use grundy::col::{BinaryTree, Evaluator, MyopicCol, MyopicColTree, parse_colours, path};
use grundy::partizan::{Game, GameOrdering, PartizanRuleset, Player};
use serde_json::{Value, json};

use crate::exit::{Failure, LimitArgs, Limits};
use crate::report::json_line;

/// Arguments of `myopic-col`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("board").required(true).args(["path", "tree", "edges"])))]
pub(crate) struct MyopicColArgs {
    /// A directed path, arcs from left to right: one letter per vertex, u (uncoloured),
    /// b (blue, Left's) or r (red, Right's), e.g. 'u u r u b'
    #[arg(long)]
    path: Option<String>,
    /// A binary tree, arcs from parent to children: 'u(x,y)', 'u(x)' for a left child only,
    /// 'u(,y)' for a right child only, e.g. 'u(u(u,u),b)'
    #[arg(long)]
    tree: Option<String>,
    /// The arcs of any digraph, e.g. '0>1 1>2' (vertices from 0); with --colours
    #[arg(long, requires = "colours")]
    edges: Option<String>,
    /// The colours of the digraph's vertices, one letter each, e.g. 'u u b'
    #[arg(long)]
    colours: Option<String>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// A move and the value of the position it leads to.
struct Option_ {
    vertex: usize,
    value: Game,
}

pub(crate) fn myopic_col(args: &MyopicColArgs) -> Result<String, Failure> {
    if let Some(text) = &args.tree {
        let tree: BinaryTree = text.parse().map_err(|e| format!("--tree: {e}"))?;
        let mut eval = Evaluator::new(MyopicColTree);
        return report(&mut eval, &tree, ("binary tree", text), None, args);
    }
    let (game, position, board, text) = if let Some(text) = &args.path {
        let colours = parse_colours(text).map_err(|e| format!("--path: {e}"))?;
        let (game, position) = MyopicCol::path(&colours).map_err(|e| format!("--path: {e}"))?;
        (game, position, "directed path", text.clone())
    } else {
        let arcs = args.edges.as_deref().unwrap_or_default();
        let colours = args.colours.as_deref().unwrap_or_default();
        let (game, position) =
            MyopicCol::parse(arcs, colours).map_err(|e| format!("--edges/--colours: {e}"))?;
        (game, position, "digraph", format!("{arcs} / {colours}"))
    };
    // On paths, Corollary 7.5's closed form is printed next to the search's value.
    let closed = args.path.as_ref().map(|t| {
        let colours = parse_colours(t).expect("parsed above");
        path::corollary_7_5(&[colours]).to_string()
    });
    let mut eval = Evaluator::new(game);
    report(&mut eval, &position, (board, &text), closed, args)
}

/// The value, outcome and good moves of `position`, as text or JSON.
fn report<R>(
    eval: &mut Evaluator<R>,
    position: &R::Position,
    (board, text): (&str, &str),
    closed: Option<String>,
    args: &MyopicColArgs,
) -> Result<String, Failure>
where
    R: PartizanRuleset<Move = usize>,
    R::Position: core::fmt::Display,
{
    let limits = Limits::start(args.limits);
    let stopped = |eval: &Evaluator<R>, e: &SolveError, value: Option<&str>| {
        let mut proved: Vec<String> = value.map(|v| format!("value {v}")).into_iter().collect();
        proved.push(format!("searched {} components", eval.solver().stats().nodes));
        limits.stopped(e, proved)
    };
    let value =
        eval.value_within(position, &limits.budget(0)).map_err(|e| stopped(eval, &e, None))?;
    let shown = eval.store().display(value).to_string();
    let outcome = eval.store().outcome(value);
    let mut sides = Vec::new();
    for player in [Player::Left, Player::Right] {
        let budget = limits.budget(eval.solver().stats().nodes);
        let options: Vec<Option_> = eval
            .options_within(position, player, &budget)
            .map_err(|e| stopped(eval, &e, Some(&shown)))?
            .into_iter()
            .map(|(vertex, value)| Option_ { vertex, value })
            .collect();
        let good = good_moves(eval, &options, player);
        sides.push((player, options, good));
    }
    let mut out = String::new();
    if args.json {
        let mut report = json!({
            "board": board,
            "position": position.to_string(),
            "value": shown,
            "outcome": outcome.to_string(),
        });
        for (player, options, good) in &sides {
            let name = if *player == Player::Left { "left_moves" } else { "right_moves" };
            let items: Vec<Value> = options
                .iter()
                .map(|o| {
                    json!({
                        "vertex": o.vertex,
                        "value": eval.store().display(o.value).to_string(),
                        "good": good.contains(&o.vertex),
                    })
                })
                .collect();
            report[name] = Value::from(items);
        }
        return Ok(json_line(&report));
    }
    let _ = writeln!(out, "board      {board}: {}", text.trim());
    let _ = writeln!(out, "value      {shown}");
    if let Some(closed) = closed {
        let _ = writeln!(out, "Cor. 7.5   {closed}  (a·* + b − c)");
    }
    let words = match outcome.to_string().as_str() {
        "L" => "Left (blue) wins, whoever starts",
        "R" => "Right (red) wins, whoever starts",
        "N" => "the player to move wins",
        _ => "the player to move loses",
    };
    let _ = writeln!(out, "outcome    {outcome} ({words})");
    for (player, options, good) in &sides {
        let name = if *player == Player::Left { "Left (blue)" } else { "Right (red)" };
        if options.is_empty() {
            let _ = writeln!(out, "{name}: no move");
            continue;
        }
        let _ = writeln!(out, "{name}: good moves (vertices from 0) marked *");
        for o in options {
            let mark = if good.contains(&o.vertex) { "*" } else { " " };
            let _ = writeln!(
                out,
                "  {mark} paint vertex {:<3} ->  {}",
                o.vertex,
                eval.store().display(o.value)
            );
        }
    }
    Ok(out)
}

/// The moves whose option no other option beats for the player (Left: no option strictly
/// greater; Right: no option strictly smaller).
fn good_moves<R: PartizanRuleset>(
    eval: &mut Evaluator<R>,
    options: &[Option_],
    player: Player,
) -> Vec<usize> {
    let better = if player == Player::Left { GameOrdering::Greater } else { GameOrdering::Less };
    let mut good = Vec::new();
    for o in options {
        let beaten = options.iter().any(|other| eval.store().cmp(other.value, o.value) == better);
        if !beaten {
            good.push(o.vertex);
        }
    }
    good
}

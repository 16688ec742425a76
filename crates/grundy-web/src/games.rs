//! The games of the API: parse a position as the CLI does, solve it with the library's
//! solvers under the request's [`Limits`], and describe every move.
//!
//! Everything here is blocking: the handlers run it on tokio's blocking threads.

use grundy_core::{Config, Nimber, Outcome, Ruleset, Solver, mex};
use grundy_cram_chomp::{Cram, CramBoard, CramError};
use grundy_lattice::{LatticeGame, Outcomes, Point};
use grundy_nim::{Heaps as NimHeaps, Nim, NimMove};
use grundy_node_kayles::{NodeKayles, NodeKaylesSolver, VertexSet};
use grundy_octal::{
    Code, Dots, Heaps as OctalHeaps, MAX_ENUMERATED_THREE_WAY_HEAP, MAX_LEN, Octal, OctalError,
    OctalMove, Rules, Sequence, SequenceMethod,
};
use grundy_quantum::{DemiQuantum, ParseMatrixError, Superposition};
use grundy_transverse_wave::{
    BoolMatrix, CrosswiseAnd, CrosswiseOr, Grid, ParseError, TransverseWave, WaveSolver,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::limits::{Limits, OverBudget};

/// The most moves listed one by one; beyond, only the winning moves are (Nim with large
/// heaps, octal games with large heaps).
pub(crate) const MAX_LISTED_MOVES: usize = 10_000;

/// The largest heap of a Demi-Quantum Nim position, searched move by move (the CLI's bound).
pub(crate) const MAX_SEARCHED_HEAP: u64 = 100_000;

/// The largest heap of an octal position and the longest sequence the pictures page asks
/// for: values are computed up to it.
pub(crate) const MAX_OCTAL_HEAP: u64 = 100_000;

/// The most vertices of a Node-Kayles graph: the ruleset keeps a set of vertices per vertex,
/// and the search's positions and tables hold sets of vertices too.
pub(crate) const MAX_ORDER: usize = 4096;

/// The most points of a lattice-game box.
pub(crate) const MAX_BOX_POINTS: u64 = 1 << 22;

/// Why a request got no answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The input is wrong: a one-line message, worded as the CLI words it.
    BadInput(String),
    /// The solve did not finish within the limits.
    OverBudget(OverBudget),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::BadInput(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure::BadInput(message.to_owned())
    }
}

impl From<OverBudget> for Failure {
    fn from(over: OverBudget) -> Self {
        Failure::OverBudget(over)
    }
}

/// The games the API knows, by the names of the CLI's subcommands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Game {
    /// `nim`: heaps such as `3 5 7`.
    Nim,
    /// `dq-nim`: Demi-Quantum Nim, `2 1 / 0 3`.
    DqNim,
    /// `transverse-wave`: rows of `g`/`p`.
    TransverseWave,
    /// `crosswise-and`: rows of `1`/`0`.
    CrosswiseAnd,
    /// `crosswise-or`: rows of `1`/`0`.
    CrosswiseOr,
    /// `dots`: Rob's Dots, `..x....`.
    Dots,
    /// `octal`: heaps of an octal game, the code in `"code"`.
    Octal,
    /// `node-kayles`: a graph as an edge list or graph6, vertices already `"played"`.
    NodeKayles,
    /// `cram`: a size `5x7` or rows of `.`/`#`.
    Cram,
}

impl Game {
    /// Every game, in the order of the index page.
    pub(crate) const ALL: [Game; 9] = [
        Game::TransverseWave,
        Game::CrosswiseAnd,
        Game::CrosswiseOr,
        Game::Nim,
        Game::DqNim,
        Game::Dots,
        Game::Octal,
        Game::NodeKayles,
        Game::Cram,
    ];

    /// The name in URLs (`/api/<name>/analyse`), as the CLI's subcommand.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Game::Nim => "nim",
            Game::DqNim => "dq-nim",
            Game::TransverseWave => "transverse-wave",
            Game::CrosswiseAnd => "crosswise-and",
            Game::CrosswiseOr => "crosswise-or",
            Game::Dots => "dots",
            Game::Octal => "octal",
            Game::NodeKayles => "node-kayles",
            Game::Cram => "cram",
        }
    }

    /// The game named `name`, if any.
    pub(crate) fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The names of every game, comma-separated (for errors).
    pub(crate) fn names() -> String {
        Game::ALL.map(Game::name).join(", ")
    }
}

/// The body of `POST /api/<game>/analyse` and `/move`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Request {
    /// The position, in the text form the CLI takes.
    pub(crate) position: String,
    /// `octal`: the code, e.g. `0.137`.
    #[serde(default)]
    pub(crate) code: Option<String>,
    /// `node-kayles`: `edges` (the default) or `graph6`.
    #[serde(default)]
    pub(crate) format: Option<String>,
    /// `node-kayles`: vertices already selected, e.g. `0,5`.
    #[serde(default)]
    pub(crate) played: Option<String>,
    /// `move`: a seed for the choice among winning moves (random without it).
    #[serde(default)]
    pub(crate) seed: Option<u64>,
}

/// One legal move and what it leads to.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct MoveInfo {
    /// The move as data: a column, a dot, a vertex counted from 0; `{"heap", "take"}`; a
    /// domino's two cells.
    #[serde(rename = "move")]
    pub(crate) data: Value,
    /// The move in words, counted from 1 as the CLI writes it.
    pub(crate) move_text: String,
    /// The position after the move, as the API takes it (for `node-kayles`, the graph: the
    /// move is in `played`).
    pub(crate) to: String,
    /// `node-kayles`: the vertices played after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) played: Option<String>,
    /// The Grundy value of the position after the move (a string beyond 64 bits).
    pub(crate) value: Value,
    /// That value as the CLI writes it: `0`, `*`, `*3`.
    pub(crate) value_text: String,
    /// Whether the move wins: it leaves a position of value 0.
    pub(crate) winning: bool,
    /// The number of moves left to the opponent (the work the move leaves).
    pub(crate) options: u64,
}

/// The answer of `analyse`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Analysis {
    /// The game's name.
    pub(crate) game: &'static str,
    /// The position in the game's text form.
    pub(crate) position: String,
    /// The Grundy value (a string beyond 64 bits).
    pub(crate) value: Value,
    /// The value as the CLI writes it.
    pub(crate) value_text: String,
    /// `P` (the previous player wins) or `N` (the next player wins).
    pub(crate) outcome: String,
    /// The outcome in words.
    pub(crate) outcome_text: &'static str,
    /// Every legal move (or, when `moves_complete` is false, the winning ones).
    pub(crate) moves: Vec<MoveInfo>,
    /// Whether `moves` lists every legal move.
    pub(crate) moves_complete: bool,
    /// The winning moves (those of `moves` of value 0).
    pub(crate) winning_moves: Vec<MoveInfo>,
    /// What the board shows, by game.
    pub(crate) board: Value,
    /// Positions searched by the solver.
    pub(crate) nodes: u64,
}

impl Analysis {
    /// The analysis of a position of value `value` with `moves`.
    fn new(
        game: Game,
        position: String,
        (value, value_text): (Value, String),
        moves: Vec<MoveInfo>,
        board: Value,
    ) -> Self {
        let zero = value.as_u64() == Some(0);
        let outcome = if zero { Outcome::P } else { Outcome::N };
        let winning_moves = moves.iter().filter(|m| m.winning).cloned().collect();
        Analysis {
            game: game.name(),
            position,
            value,
            value_text,
            outcome: outcome.to_string(),
            outcome_text: outcome.describe(),
            moves,
            moves_complete: true,
            winning_moves,
            board,
            nodes: 0,
        }
    }
}

/// A nimber as JSON: its number and its text.
fn nimber(v: Nimber) -> (Value, String) {
    (Value::from(v.value()), v.to_string())
}

/// A move of value `value` leaving `options` moves.
fn move_info(
    data: Value,
    move_text: String,
    to: String,
    value: Nimber,
    options: usize,
) -> MoveInfo {
    let (value_json, value_text) = nimber(value);
    MoveInfo {
        data,
        move_text,
        to,
        played: None,
        value: value_json,
        value_text,
        winning: value.is_zero(),
        options: options as u64,
    }
}

/// Analyses `request` as a position of `game` under `limits`.
pub(crate) fn analyse(game: Game, request: &Request, limits: &Limits) -> Result<Analysis, Failure> {
    let text = request.position.as_str();
    match game {
        Game::Nim => nim(text, limits),
        Game::DqNim => dq_nim(text, limits),
        Game::TransverseWave => transverse_wave(text, limits),
        Game::CrosswiseAnd | Game::CrosswiseOr => crosswise(game, text, limits),
        Game::Dots => dots(text, limits),
        Game::Octal => octal(request, limits),
        Game::NodeKayles => node_kayles(request, limits),
        Game::Cram => cram(text, limits),
    }
}

/// The moves of `position` of `ruleset` with their values, by the generic [`Solver`]:
/// `describe` gives a move's data, text and the text of the position it reaches.
fn solve_generic<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    limits: &Limits,
    describe: impl Fn(&R::Move, &R::Position) -> (Value, String, String),
) -> Result<(Vec<MoveInfo>, Nimber, u64), Failure> {
    let config =
        Config::default().with_table_bytes(limits.table_bytes).with_budget(limits.budget(0));
    let mut solver = Solver::with_config(ruleset, config);
    let values = solver.move_values(position).map_err(|e| limits.stopped(&e))?;
    let mut moves = Vec::with_capacity(values.len());
    for (mv, value) in &values {
        limits.check_clock()?;
        let after = ruleset.play(position, mv);
        let (data, text, to) = describe(mv, &after);
        moves.push(move_info(data, text, to, *value, ruleset.move_list(&after).len()));
    }
    let value = mex(values.iter().map(|&(_, v)| v));
    Ok((moves, value, solver.stats().nodes))
}

/// A heap of Nim as JSON: a number when it fits in 64 bits, else its digits.
fn heap_json(heap: &impl ToString, small: Option<u64>) -> Value {
    small.map_or_else(|| Value::from(heap.to_string()), Value::from)
}

/// A Nim move as data.
fn nim_move_json(mv: &NimMove) -> Value {
    json!({ "heap": mv.heap(), "take": heap_json(mv.take(), u64::try_from(mv.take()).ok()) })
}

/// The heaps of a Nim position as JSON.
fn nim_heaps_json(heaps: &NimHeaps) -> Value {
    Value::Array(heaps.heaps().iter().map(|h| heap_json(h, u64::try_from(h).ok())).collect())
}

/// The Nim value of `heaps` as JSON and text: a number when it fits in 64 bits.
fn nim_value(heaps: &NimHeaps) -> (Value, String) {
    if let Some(v) = Nim.value(heaps) {
        nimber(v)
    } else {
        let sum = Nim.nim_sum(heaps).to_string();
        (Value::from(sum.clone()), format!("*{sum}"))
    }
}

/// The tokens left in `heaps`, saturating.
fn nim_tokens(heaps: &NimHeaps) -> u64 {
    heaps.heaps().iter().map(|h| u64::try_from(h).unwrap_or(u64::MAX)).fold(0, u64::saturating_add)
}

/// A Nim move described: its value from the closed form.
fn nim_move(position: &NimHeaps, mv: &NimMove) -> Result<MoveInfo, Failure> {
    let after = Nim.play_checked(position, mv).map_err(|e| e.to_string())?;
    let (value, value_text) = nim_value(&after);
    Ok(MoveInfo {
        data: nim_move_json(mv),
        move_text: mv.to_string(),
        to: after.to_string(),
        played: None,
        winning: value.as_u64() == Some(0),
        value,
        value_text,
        options: nim_tokens(&after),
    })
}

fn nim(text: &str, limits: &Limits) -> Result<Analysis, Failure> {
    let position: NimHeaps = text.parse().map_err(|e| format!("{e}"))?;
    let listed = nim_tokens(&position) <= MAX_LISTED_MOVES as u64;
    let mut moves = Vec::new();
    if listed {
        for mv in Nim.move_list(&position) {
            limits.check_clock()?;
            moves.push(nim_move(&position, &mv)?);
        }
    } else {
        for mv in Nim.winning_moves(&position) {
            moves.push(nim_move(&position, &mv)?);
        }
        if moves.is_empty() {
            // A P-position: the move that leaves the most tokens (one from a largest heap).
            let largest = position.heaps().iter().enumerate().max_by(|a, b| a.1.cmp(b.1));
            if let Some((heap, _)) = largest {
                moves.push(nim_move(&position, &NimMove::new(heap, 1u32))?);
            }
        }
    }
    let board = json!({ "heaps": nim_heaps_json(&position) });
    let mut analysis =
        Analysis::new(Game::Nim, position.to_string(), nim_value(&position), moves, board);
    analysis.moves_complete = listed;
    Ok(analysis)
}

fn dq_nim(text: &str, limits: &Limits) -> Result<Analysis, Failure> {
    let position = Superposition::<NimHeaps>::parse_bounded(text, MAX_SEARCHED_HEAP)
        .map_err(|e: ParseMatrixError| e.to_string())?;
    let game = DemiQuantum::new(Nim);
    let (moves, value, nodes) = solve_generic(&game, &position, limits, |mv, after| {
        (nim_move_json(mv), mv.to_string(), after.to_string())
    })?;
    let slots: Vec<Value> = position
        .slots()
        .iter()
        .map(|slot| slot.as_ref().map_or(Value::Null, nim_heaps_json))
        .collect();
    let board = json!({ "slots": slots });
    let mut analysis =
        Analysis::new(Game::DqNim, position.to_string(), nimber(value), moves, board);
    analysis.nodes = nodes;
    Ok(analysis)
}

/// The rows of a matrix's text.
fn rows(text: &str) -> Vec<&str> {
    if text.is_empty() { Vec::new() } else { text.split('/').collect() }
}

/// The column moves of `matrix` (a Crosswise AND matrix) with their values by the fast
/// solver; `after` gives the text of the position a column leads to, and its moves.
fn wave_moves(
    matrix: &BoolMatrix,
    limits: &Limits,
    after: impl Fn(usize) -> (String, usize),
) -> Result<(Vec<MoveInfo>, Nimber, u64), Failure> {
    let config =
        Config::default().with_table_bytes(limits.table_bytes).with_budget(limits.budget(0));
    let mut solver = WaveSolver::with_config(config.with_method(grundy_core::Method::Pruned));
    let values = solver.move_values(matrix).map_err(|e| limits.stopped(&e))?;
    let mut moves = Vec::with_capacity(values.len());
    for &(c, value) in &values {
        let (to, options) = after(c);
        moves.push(move_info(Value::from(c), format!("column {}", c + 1), to, value, options));
    }
    let value = mex(values.iter().map(|&(_, v)| v));
    Ok((moves, value, solver.stats().nodes))
}

fn transverse_wave(text: &str, limits: &Limits) -> Result<Analysis, Failure> {
    let grid: Grid = text.parse().map_err(|e: ParseError| e.to_string())?;
    let (moves, value, nodes) = wave_moves(grid.as_matrix(), limits, |c| {
        let after = TransverseWave.play(&grid, &c);
        let options = TransverseWave.move_list(&after).len();
        (after.to_string(), options)
    })?;
    let (shown, and, or) =
        (grid.to_string(), grid.as_matrix().to_string(), grid.to_or_matrix().to_string());
    let board = json!({
        "rows": rows(&shown),
        "cols": grid.cols(),
        "crosswise_and": and,
        "crosswise_or": or,
    });
    let mut analysis = Analysis::new(Game::TransverseWave, shown, nimber(value), moves, board);
    analysis.nodes = nodes;
    Ok(analysis)
}

fn crosswise(game: Game, text: &str, limits: &Limits) -> Result<Analysis, Failure> {
    let matrix: BoolMatrix = text.parse().map_err(|e: ParseError| e.to_string())?;
    let after = |c: usize| {
        let next = if game == Game::CrosswiseAnd {
            CrosswiseAnd.play(&matrix, &c)
        } else {
            CrosswiseOr.play(&matrix, &c)
        };
        let options = if game == Game::CrosswiseAnd {
            CrosswiseAnd.move_list(&next).len()
        } else {
            CrosswiseOr.move_list(&next).len()
        };
        (next.to_string(), options)
    };
    // Crosswise OR is Crosswise AND on the complement (Propositions 1 and 2).
    let (moves, value, nodes) = if game == Game::CrosswiseAnd {
        wave_moves(&matrix, limits, after)?
    } else {
        wave_moves(&matrix.complement(), limits, after)?
    };
    let shown = matrix.to_string();
    let board = json!({ "rows": rows(&shown), "cols": matrix.cols() });
    let mut analysis = Analysis::new(game, shown, nimber(value), moves, board);
    analysis.nodes = nodes;
    Ok(analysis)
}

/// The length of a row of dots or of a sequence checked against the library's bound.
fn check_len(what: &str, len: usize) -> Result<(), String> {
    if len > MAX_LEN {
        return Err(format!("{what}: {}", OctalError::TooLong { len, max: MAX_LEN }));
    }
    Ok(())
}

fn dots(text: &str, limits: &Limits) -> Result<Analysis, Failure> {
    let row: Dots = text.parse().map_err(|e: OctalError| e.to_string())?;
    check_len(&format!("a row of {} dots", row.len()), row.len().saturating_add(1))?;
    let game = Octal::with_values(Code::dawson_chess(), row.len()).map_err(|e| e.to_string())?;
    let value_of =
        |d: &Dots| game.value(&OctalHeaps::new(d.heaps())).ok_or("a run's value is not known");
    let mut moves = Vec::new();
    for i in 0..row.len() {
        if i % 256 == 0 {
            limits.check_clock()?;
        }
        let Ok(after) = row.mark(i) else { continue };
        let value = value_of(&after)?;
        let options = after.heaps().iter().sum::<u64>();
        let options = usize::try_from(options).unwrap_or(usize::MAX);
        let result = after.to_string();
        moves.push(move_info(
            Value::from(i),
            format!("mark dot {}", i + 1),
            result,
            value,
            options,
        ));
    }
    let value = value_of(&row)?;
    let board = json!({ "dots": row.to_string(), "runs": row.heaps() });
    Ok(Analysis::new(Game::Dots, row.to_string(), nimber(value), moves, board))
}

/// Extends `seq` to `len` values a chunk at a time, looking at the clock between chunks. A
/// chunk starts at 64 values and doubles while one takes less than 20 ms, so that slow rules
/// (codes that split in three are cubic) are still stopped on time.
fn extend_within(seq: &mut Sequence, len: usize, limits: &Limits) -> Result<(), Failure> {
    let mut chunk = 64_usize;
    while seq.len() < len {
        limits.check_clock()?;
        let started = std::time::Instant::now();
        seq.extend_to(len.min(seq.len().saturating_add(chunk))).map_err(|e| e.to_string())?;
        if started.elapsed() < std::time::Duration::from_millis(20) {
            chunk = chunk.saturating_mul(2).min(1 << 16);
        }
    }
    Ok(())
}

/// The rules of an octal request's `"code"`.
fn octal_rules(code: Option<&str>) -> Result<Rules, Failure> {
    let code = code.ok_or("octal: give the game's code, e.g. \"code\": \"0.137\"")?;
    Ok(code.parse().map_err(|e: OctalError| e.to_string())?)
}

/// An octal move as data.
fn octal_move_json(mv: &OctalMove) -> Value {
    json!({ "heap": mv.heap(), "take": mv.take(), "rest": mv.rest() })
}

fn octal(request: &Request, limits: &Limits) -> Result<Analysis, Failure> {
    let rules = octal_rules(request.code.as_deref())?;
    let position: OctalHeaps = request.position.parse().map_err(|e: OctalError| e.to_string())?;
    let largest = position.heaps().iter().copied().max().unwrap_or(0);
    if largest > MAX_OCTAL_HEAP {
        return Err(format!("heap {largest} is too large: at most {MAX_OCTAL_HEAP} here").into());
    }
    // A heap of h has about h²/2 moves that split it in three: they are listed one by one.
    if rules.code().splits_in_three() && largest > MAX_ENUMERATED_THREE_WAY_HEAP {
        return Err(format!(
            "heap {largest} is too large for a code that splits in three: at most \
             {MAX_ENUMERATED_THREE_WAY_HEAP} here"
        )
        .into());
    }
    let mut seq = Sequence::for_rules_with_method(rules, SequenceMethod::Fast);
    // The heap is at most MAX_OCTAL_HEAP: it fits.
    let upto = usize::try_from(largest).unwrap_or(usize::MAX);
    extend_within(&mut seq, upto.saturating_add(1), limits)?;
    let game = Octal::from_sequence(seq);
    let value_of = |p: &OctalHeaps| game.value(p).ok_or("a heap's value is not known");
    let options =
        |p: &OctalHeaps| usize::try_from(p.heaps().iter().sum::<u64>()).unwrap_or(usize::MAX);
    let all = game.move_list(&position);
    let complete = all.len() <= MAX_LISTED_MOVES;
    let listed =
        if complete { all } else { game.winning_moves(&position).map_err(|e| e.to_string())? };
    let mut moves = Vec::with_capacity(listed.len());
    for (i, mv) in listed.iter().enumerate() {
        if i % 256 == 0 {
            limits.check_clock()?;
        }
        let after = game.play(&position, mv);
        let value = value_of(&after)?;
        moves.push(move_info(
            octal_move_json(mv),
            mv.to_string(),
            after.to_string(),
            value,
            options(&after),
        ));
    }
    let value = value_of(&position)?;
    let board = json!({ "code": game.rules().to_string(), "heaps": position.heaps() });
    let mut analysis =
        Analysis::new(Game::Octal, position.to_string(), nimber(value), moves, board);
    analysis.moves_complete = complete;
    Ok(analysis)
}

/// The graph of a Node-Kayles request.
fn kayles_game(request: &Request) -> Result<NodeKayles, String> {
    let text = request.position.as_str();
    let game = match request.format.as_deref().unwrap_or("edges") {
        "edges" => NodeKayles::from_edge_list(text).map_err(|e| e.to_string())?,
        "graph6" => {
            let mut lines = text.lines().filter_map(|line| {
                let line = line.strip_prefix(">>graph6<<").unwrap_or(line).trim();
                (!line.is_empty()).then_some(line)
            });
            let line = lines.next().ok_or("graph6: no graph given")?;
            if lines.next().is_some() {
                return Err("graph6: give one graph, not several".to_owned());
            }
            NodeKayles::from_graph6(line).map_err(|e| e.to_string())?
        }
        other => {
            return Err(format!("format '{other}' is not a graph format: use edges or graph6"));
        }
    };
    let order = game.graph().order();
    if order > MAX_ORDER {
        return Err(format!("a graph of {order} vertices is too large here: at most {MAX_ORDER}"));
    }
    Ok(game)
}

fn node_kayles(request: &Request, limits: &Limits) -> Result<Analysis, Failure> {
    let game = kayles_game(request)?;
    let played = match &request.played {
        Some(text) => game.graph().parse_vertices(text).map_err(|e| format!("played: {e}"))?,
        None => Vec::new(),
    };
    let mut position = game.start();
    for &v in &played {
        position = game.play_checked(&position, v).map_err(|_| {
            format!("played: vertex {v} is not available (it or a neighbour was played)")
        })?;
    }
    let config =
        Config::default().with_table_bytes(limits.table_bytes).with_budget(limits.budget(0));
    let mut solver = NodeKaylesSolver::with_config(&game, config);
    let values = solver.move_values(&position).map_err(|e| limits.stopped(&e))?;
    let played_text = |extra: Option<usize>| {
        played.iter().copied().chain(extra).map(|v| v.to_string()).collect::<Vec<_>>().join(",")
    };
    let moves: Vec<MoveInfo> = values
        .iter()
        .map(|&(v, value)| {
            let after = game.play(&position, &v);
            MoveInfo {
                played: Some(played_text(Some(v))),
                ..move_info(
                    Value::from(v),
                    format!("vertex {v}"),
                    request.position.trim().to_owned(),
                    value,
                    after.len(),
                )
            }
        })
        .collect();
    let value = mex(values.iter().map(|&(_, v)| v));
    // The components of what is left, each with its value (the solver's table knows them).
    let mut components = Vec::new();
    for part in game.graph().components(&position) {
        solver.set_budget(limits.budget(solver.stats().nodes));
        let v = solver.value(&part).map_err(|e| limits.stopped(&e))?;
        components.push(
            json!({ "vertices": vertices(&part), "value": v.value(), "value_text": v.to_string() }),
        );
    }
    let edges: Vec<[usize; 2]> = game.graph().edges().map(|(u, v)| [u, v]).collect();
    let board = json!({
        "order": game.graph().order(),
        "edges": edges,
        "available": vertices(&position),
        "played": played,
        "components": components,
    });
    let text = format!("{} (available {position})", game.graph());
    let mut analysis = Analysis::new(Game::NodeKayles, text, nimber(value), moves, board);
    analysis.nodes = solver.stats().nodes;
    Ok(analysis)
}

/// The vertices of a set, increasing.
fn vertices(set: &VertexSet) -> Vec<usize> {
    set.iter().collect()
}

/// A domino in words, cells counted from 1: `row 1, columns 2-3` or `column 3, rows 1-2` (the
/// CLI's words).
fn domino_text(game: &Cram, domino: u64) -> String {
    match game.domino(domino) {
        Some([(r, c), (r2, _)]) if r == r2 => format!("row {}, columns {}-{}", r + 1, c + 1, c + 2),
        Some([(r, c), _]) => format!("column {}, rows {}-{}", c + 1, r + 1, r + 2),
        None => format!("cells {domino:#x}"),
    }
}

fn cram(text: &str, limits: &Limits) -> Result<Analysis, Failure> {
    let board: CramBoard = text.parse().map_err(|e: CramError| e.to_string())?;
    let game = board.game();
    let (moves, value, nodes) = solve_generic(&game, &board.empty(), limits, |mv, after| {
        let cells = game.domino(*mv).map_or(Value::Null, |[a, b]| json!([[a.0, a.1], [b.0, b.1]]));
        let to = game.board(*after).map_or_else(|e| e.to_string(), |b| b.to_string());
        (cells, domino_text(&game, *mv), to)
    })?;
    let cells: Vec<String> = (0..board.rows())
        .map(|r| {
            (0..board.cols()).map(|c| if board.is_empty_cell(r, c) { '.' } else { '#' }).collect()
        })
        .collect();
    let json_board = json!({ "rows": board.rows(), "cols": board.cols(), "cells": cells });
    let mut analysis =
        Analysis::new(Game::Cram, board.to_string(), nimber(value), moves, json_board);
    analysis.nodes = nodes;
    Ok(analysis)
}

/// The body of `POST /api/octal/sequence`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SequenceRequest {
    /// The octal code (or a subtraction set, or `grundy`).
    pub(crate) code: String,
    /// The last heap: values of heaps `0 ..= upto`.
    #[serde(default = "default_upto")]
    pub(crate) upto: u64,
}

/// The default `upto` of a sequence: 200.
const fn default_upto() -> u64 {
    200
}

/// The Grundy sequence of a code up to a heap, and its period when one is proved.
pub(crate) fn sequence(request: &SequenceRequest, limits: &Limits) -> Result<Value, Failure> {
    let rules = octal_rules(Some(&request.code))?;
    if request.upto > MAX_OCTAL_HEAP {
        return Err(
            format!("upto {} is too large: at most {MAX_OCTAL_HEAP} here", request.upto).into()
        );
    }
    let len = usize::try_from(request.upto).unwrap_or(usize::MAX).saturating_add(1);
    let mut seq = Sequence::for_rules_with_method(rules, SequenceMethod::Fast);
    extend_within(&mut seq, len, limits)?;
    // A period proved among the values computed (none is sought beyond them).
    let period = match seq.find_period(seq.len()) {
        Ok(Some(p)) => json!({
            "preperiod": p.preperiod(),
            "period": p.period(),
            "bound": p.bound(),
            "values_checked": p.values_checked(),
        }),
        _ => Value::Null,
    };
    let values = seq.values().get(..len).unwrap_or(seq.values());
    Ok(json!({ "code": seq.rules().to_string(), "values": values, "period": period }))
}

/// The body of `POST /api/lattice-game/p-positions`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LatticeRequest {
    /// The rule set, e.g. `1,0 0,1 -1,1`.
    pub(crate) rules: String,
    /// The box's upper corner, e.g. `30,30`.
    #[serde(rename = "box")]
    pub(crate) upper: String,
    /// Generators of the defeated positions, e.g. `0,0 1,1`.
    #[serde(default)]
    pub(crate) defeated: Option<String>,
    /// Ordinary misère play.
    #[serde(default)]
    pub(crate) misere: bool,
}

/// The P-positions of a lattice game in a box (the CLI's `lattice-game`).
pub(crate) fn lattice(request: &LatticeRequest) -> Result<Value, Failure> {
    let game = LatticeGame::from_text(&request.rules, request.defeated.as_deref(), request.misere)
        .map_err(|e| e.to_string())?;
    let upper: Point = request.upper.parse().map_err(|e| format!("box: {e}"))?;
    let points = upper
        .coordinates()
        .iter()
        .fold(1u64, |acc, &u| acc.saturating_mul(u64::from(u).saturating_add(1)));
    if points > MAX_BOX_POINTS {
        return Err(format!("box {upper}: {points} points, at most {MAX_BOX_POINTS} here").into());
    }
    let outcomes =
        Outcomes::compute(&game, upper.coordinates()).map_err(|e| format!("box: {e}"))?;
    let p_positions: Vec<Vec<u32>> =
        outcomes.p_positions().map(|pt| pt.coordinates().to_vec()).collect();
    let mut defeated: Vec<Vec<u32>> = game.defeated().map(|pt| pt.coordinates().to_vec()).collect();
    defeated.sort();
    Ok(json!({
        "rules": game.rules().to_string(),
        "weights": game.rules().weights(),
        "box": upper.coordinates(),
        "defeated": defeated,
        "p_positions": p_positions,
    }))
}

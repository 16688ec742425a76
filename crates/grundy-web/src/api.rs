//! The JSON API: handlers, the solver slots, and the error answers.

use std::hash::{BuildHasher as _, Hasher as _};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::ServeConfig;
use crate::games::{
    self, Analysis, Failure, Game, LatticeRequest, MoveInfo, Request, SequenceRequest,
};
use crate::limits::Limits;

/// The message of an answer over budget.
pub(crate) const TOO_BIG: &str = "too big to solve within the limit";

/// What the handlers share: the configuration and the solver slots.
#[derive(Debug)]
pub(crate) struct AppState {
    /// The server's configuration.
    pub(crate) config: ServeConfig,
    /// One permit per solve allowed at once.
    pub(crate) slots: Arc<Semaphore>,
}

/// An error answer: a status and a JSON body `{"error": ..}` (and details).
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    body: Value,
}

impl ApiError {
    /// Bad input: 400 with the one-line message.
    pub(crate) fn bad_input(message: impl Into<String>) -> Self {
        let message: String = message.into();
        // One line: a message from a parser never spans more, but be sure.
        let line = message.lines().next().unwrap_or("").to_owned();
        ApiError { status: StatusCode::BAD_REQUEST, body: json!({ "error": line }) }
    }

    /// Not found: 404 with a message.
    pub(crate) fn not_found(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::NOT_FOUND, body: json!({ "error": message.into() }) }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body)).into_response()
    }
}

impl From<Failure> for ApiError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::BadInput(message) => ApiError::bad_input(message),
            Failure::OverBudget(over) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                body: json!({ "error": TOO_BIG, "reason": over.reason }),
            },
        }
    }
}

/// The body as `T`, or the answer to give: 413 when it is over the limit, 400 when it is not
/// JSON of the expected shape.
fn parse_body<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                body: json!({ "error": format!("the request body is larger than {limit} bytes") }),
            }
        } else {
            ApiError::bad_input(format!("the request body cannot be read: {rejection}"))
        }
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_input(format!("the request body is not the JSON expected: {e}")))
}

/// Runs `work` on a blocking thread once a solver slot is free, under fresh [`Limits`].
async fn solve<T, F>(state: &AppState, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Limits) -> Result<T, Failure> + Send + 'static,
{
    let config = &state.config;
    let wait = tokio::time::timeout(config.queue_timeout, Arc::clone(&state.slots).acquire_owned());
    let Ok(Ok(permit)) = wait.await else {
        return Err(ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            body: json!({
                "error": "the server is busy: every solver slot stayed taken, try again",
            }),
        });
    };
    let (max_nodes, time_limit, table_bytes) =
        (config.max_nodes, config.time_limit, config.table_bytes);
    let joined = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let limits = Limits::start(max_nodes, time_limit, table_bytes);
        work(&limits)
    })
    .await;
    match joined {
        Ok(result) => result.map_err(ApiError::from),
        Err(_) => Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            body: json!({ "error": "the solver failed on this position (a bug: please report it)" }),
        }),
    }
}

/// The game named in the path, or 404.
fn game_named(name: &str) -> Result<Game, ApiError> {
    Game::from_name(name).ok_or_else(|| {
        ApiError::not_found(format!("no game '{name}': the games are {}", Game::names()))
    })
}

/// The analysis of the position of a request for the game named `name`, and the request's
/// seed: what `analyse` and `move` both start from.
async fn analysed(
    state: &AppState,
    name: &str,
    body: Result<Bytes, BytesRejection>,
) -> Result<(Analysis, Option<u64>), ApiError> {
    let game = game_named(name)?;
    let request: Request = parse_body(body, state.config.body_limit)?;
    let seed = request.seed;
    let analysis = solve(state, move |limits| games::analyse(game, &request, limits)).await?;
    Ok((analysis, seed))
}

/// `POST /api/{game}/analyse`.
pub(crate) async fn analyse(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<axum::Json<Analysis>, ApiError> {
    let (analysis, _) = analysed(&state, &name, body).await?;
    Ok(axum::Json(analysis))
}

/// A random number: from the request's seed, else from the process's random hasher keys.
fn random(seed: Option<u64>) -> u64 {
    // splitmix64 of the seed: different seeds give unrelated choices.
    let mut z = seed.unwrap_or_else(|| {
        let mut h = std::hash::RandomState::new().build_hasher();
        h.write_u64(0x9e37_79b9_7f4a_7c15);
        h.finish()
    });
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The computer's reply: a random winning move; from a P-position, a move leaving the most
/// moves to the opponent (ties broken at random); none when the game is over.
pub(crate) fn choose(analysis: &Analysis, seed: Option<u64>) -> (Option<MoveInfo>, &'static str) {
    let pick = |candidates: Vec<&MoveInfo>| {
        if candidates.is_empty() {
            return None;
        }
        let len = candidates.len() as u64;
        // `len` counts moves in memory: the remainder fits in usize.
        let index = usize::try_from(random(seed) % len).unwrap_or(0);
        candidates.get(index).map(|m| (*m).clone())
    };
    if !analysis.winning_moves.is_empty() {
        return (pick(analysis.winning_moves.iter().collect()), "winning");
    }
    let most = analysis.moves.iter().map(|m| m.options).max();
    match most {
        Some(most) => {
            (pick(analysis.moves.iter().filter(|m| m.options == most).collect()), "most work")
        }
        None => (None, "none"),
    }
}

/// `POST /api/{game}/move`.
pub(crate) async fn reply(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let (analysis, seed) = analysed(&state, &name, body).await?;
    let (chosen, strategy) = choose(&analysis, seed);
    Ok(axum::Json(json!({
        "game": analysis.game,
        "position": analysis.position,
        "value": analysis.value,
        "value_text": analysis.value_text,
        "outcome": analysis.outcome,
        "strategy": strategy,
        "to": chosen.as_ref().map(|m| m.to.clone()),
        "played": chosen.as_ref().and_then(|m| m.played.clone()),
        "move": chosen,
    })))
}

/// `POST /api/octal/sequence`.
pub(crate) async fn sequence(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: SequenceRequest = parse_body(body, state.config.body_limit)?;
    let answer = solve(&state, move |limits| games::sequence(&request, limits)).await?;
    Ok(axum::Json(answer))
}

/// `POST /api/lattice-game/p-positions`.
pub(crate) async fn lattice(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: LatticeRequest = parse_body(body, state.config.body_limit)?;
    let answer = solve(&state, move |_| games::lattice(&request)).await?;
    Ok(axum::Json(answer))
}

/// `GET /api/games`: the games and their endpoints.
pub(crate) async fn games_list() -> axum::Json<Value> {
    let games: Vec<Value> = Game::ALL
        .iter()
        .map(|g| {
            json!({
                "name": g.name(),
                "analyse": format!("/api/{}/analyse", g.name()),
                "move": format!("/api/{}/move", g.name()),
            })
        })
        .collect();
    axum::Json(json!({
        "games": games,
        "sequence": "/api/octal/sequence",
        "lattice_game": "/api/lattice-game/p-positions",
    }))
}

/// Any other `/api/..` path: 404 in JSON.
pub(crate) fn api_not_found() -> ApiError {
    ApiError::not_found(format!(
        "no such endpoint: POST /api/<game>/analyse or /api/<game>/move, with <game> one of {}",
        Game::names()
    ))
}

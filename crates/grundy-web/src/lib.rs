//! `grundy serve`: play and explore impartial games in the browser, against perfect play.
//!
//! A local web app over the grundy solvers: boards of Transverse Wave (with its Crosswise AND
//! and OR views), Nim, Demi-Quantum Nim, Rob's Dots, Node-Kayles and Cram, each playable
//! against the computer with the winning moves one click away, and a page of pictures (the
//! Grundy sequence of an octal game, the reduction lattice, the P-positions of a lattice
//! game). The pages are plain HTML, CSS and JavaScript embedded in the binary: they fetch
//! nothing from the network.
//!
//! # Example
//!
//! The router answers in process, without a socket:
//!
//! ```
//! use axum::body::Body;
//! use axum::http::Request;
//! use grundy_web::{ServeConfig, router};
//! use tower::ServiceExt as _;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
//! let answer: serde_json::Value = runtime.block_on(async {
//!     let request = Request::post("/api/nim/analyse").body(Body::from(r#"{"position": "3 5 7"}"#))?;
//!     let response = router(ServeConfig::default()).oneshot(request).await?;
//!     assert_eq!(response.status(), 200);
//!     let body = axum::body::to_bytes(response.into_body(), 1 << 20).await?;
//!     Ok::<_, Box<dyn std::error::Error>>(serde_json::from_slice(&body)?)
//! })?;
//! assert_eq!(answer["value"], 1); // 3 ^ 5 ^ 7 = 1
//! assert_eq!(answer["outcome"], "N");
//! assert_eq!(answer["winning_moves"][0]["move_text"], "take 1 from heap 1");
//! assert_eq!(answer["winning_moves"][0]["to"], "2 5 7"); // a P-position: 2 ^ 5 ^ 7 = 0
//! # Ok(())
//! # }
//! ```
//!
//! A program serves the app with [`serve`], which blocks until Ctrl-C:
//!
//! ```no_run
//! let config = grundy_web::ServeConfig { port: 8080, ..grundy_web::ServeConfig::default() };
//! grundy_web::serve(config)?; // prints "grundy serve: open http://127.0.0.1:8080/ ..."
//! # Ok::<(), grundy_web::WebError>(())
//! ```
//!
//! # The API
//!
//! The pages talk to a JSON API, usable on its own:
//!
//! - `POST /api/<game>/analyse` with `{"position": "<text as the CLI takes it>"}` (and, by
//!   game, `"code"` for `octal`, `"format"` and `"played"` for `node-kayles`) answers the
//!   value, the outcome, every move with the value and text of the position it leads to, and
//!   the winning moves. The games: `transverse-wave`, `crosswise-and`, `crosswise-or`, `nim`,
//!   `dq-nim`, `dots`, `octal`, `node-kayles`, `cram`.
//! - `POST /api/<game>/move` answers the computer's reply under perfect play: a winning move
//!   chosen at random (`"seed"` makes the choice repeatable); from a P-position, where every
//!   move loses, the move that leaves the opponent the most moves (ties broken at random), so
//!   that the game lasts and the opponent has the most chances to go wrong.
//! - `POST /api/octal/sequence` with `{"code": "0.137", "upto": 200}`: the Grundy sequence and
//!   its period when one is proved; `POST /api/lattice-game/p-positions` with
//!   `{"rules": "1,0 0,1 -1,1", "box": "30,30"}`: the P-positions of a box.
//!
//! Every solve runs on a blocking thread, at most [`ServeConfig::max_concurrent`] at once,
//! under a node budget and a time limit; a solve over budget is answered with status 422 and
//! `{"error": "too big to solve within the limit", "reason": ..}`. Bad input is answered with
//! status 400 and a one-line `{"error": ..}` worded as the CLI words it; bodies over
//! [`ServeConfig::body_limit`] with 413; a request that waits longer than
//! [`ServeConfig::queue_timeout`] for a solver slot with 503. The server binds to loopback
//! unless told otherwise.
//!
//! An analysis holds `game`, `position` (the game's text of it), `value` (a number; Nim
//! values beyond 64 bits are strings of digits) and `value_text` (`0`, `*`, `*3`), `outcome`
//! (`P` or `N`) and `outcome_text`, `moves` (each with `move` as data counted from 0,
//! `move_text` as the CLI words it counted from 1, `to` the position text after it, `value`,
//! `value_text`, `winning`, `options` the number of moves left to the opponent, and for
//! Node-Kayles `played`), `moves_complete` (false when only the winning moves are listed, for
//! Nim and octal heaps of more than 10 000 moves), `winning_moves`, `board` (what the page
//! draws, by game) and `nodes` (positions searched).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tokio::sync::Semaphore;

mod api;
mod games;
mod limits;
mod pages;

/// How `grundy serve` runs: where it listens and how much work a request may cost.
///
/// Build it with struct update syntax from the [`Default`]:
/// `ServeConfig { port: 9000, ..ServeConfig::default() }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeConfig {
    /// The address to listen on: loopback (`127.0.0.1`) by default, so that only this
    /// machine reaches the server.
    pub bind: IpAddr,
    /// The port (8080 by default; 0 lets the system choose a free one).
    pub port: u16,
    /// The most positions one request may search (`None`: no node limit, the time limit
    /// still applies). 50 000 000 by default.
    pub max_nodes: Option<u64>,
    /// The most time one request may solve for: 10 s by default. Must be positive.
    pub time_limit: Duration,
    /// How many solves may run at once (the rest wait for a slot): the number of cores by
    /// default. Must be positive.
    pub max_concurrent: usize,
    /// The largest request body accepted, in bytes (64 KiB by default); larger ones are
    /// refused with status 413.
    pub body_limit: usize,
    /// The memory bound of one solve's table of proved positions, in bytes (64 MiB by
    /// default).
    pub table_bytes: usize,
    /// How long a request waits for a solver slot before the answer 503 (60 s by default).
    pub queue_timeout: Duration,
}

impl Default for ServeConfig {
    /// `127.0.0.1:8080`, 50 000 000 positions and 10 s per request, as many solves at once as
    /// there are cores, bodies of at most 64 KiB, 64 MiB of table per solve.
    fn default() -> Self {
        ServeConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            max_nodes: Some(50_000_000),
            time_limit: Duration::from_secs(10),
            max_concurrent: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            body_limit: 64 << 10,
            table_bytes: 64 << 20,
            queue_timeout: Duration::from_secs(60),
        }
    }
}

impl ServeConfig {
    /// Checks the configuration: a positive time limit and at least one solver slot.
    ///
    /// # Errors
    ///
    /// [`WebError::InvalidConfig`] naming the field that is wrong.
    pub fn check(&self) -> Result<(), WebError> {
        if self.time_limit.is_zero() {
            return Err(WebError::InvalidConfig("the time limit must be positive".to_owned()));
        }
        if self.max_concurrent == 0 {
            return Err(WebError::InvalidConfig(
                "at least one solve must be allowed at once".to_owned(),
            ));
        }
        Ok(())
    }

    /// The address the server listens on.
    #[must_use]
    pub const fn address(&self) -> SocketAddr {
        SocketAddr::new(self.bind, self.port)
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WebError {
    /// A field of the [`ServeConfig`] is out of range.
    #[error("{0}")]
    InvalidConfig(String),
    /// The address could not be listened on (taken, or not this machine's).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why not.
        source: std::io::Error,
    },
    /// The async runtime could not start.
    #[error("cannot start the server's runtime: {0}")]
    Runtime(std::io::Error),
    /// The server stopped on an I/O error.
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
}

/// The app: the pages and the JSON API, with the limits of `config` (its address is not
/// used: [`serve`] listens, or a test drives the router in process).
///
/// A `max_concurrent` of 0 is taken as 1.
pub fn router(config: ServeConfig) -> Router {
    let body_limit = config.body_limit;
    let slots = Arc::new(Semaphore::new(config.max_concurrent.max(1)));
    let state = Arc::new(api::AppState { config, slots });
    Router::new()
        .route("/api/games", get(api::games_list))
        .route("/api/octal/sequence", post(api::sequence))
        .route("/api/lattice-game/p-positions", post(api::lattice))
        .route("/api/{game}/analyse", post(api::analyse))
        .route("/api/{game}/move", post(api::reply))
        .merge(pages::routes())
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

/// Serves the app on `config`'s address until Ctrl-C: builds a tokio runtime, listens,
/// prints the URL to stderr, and returns once Ctrl-C has stopped the server (solves still
/// running are given a second to end).
///
/// # Errors
///
/// [`WebError`] when the configuration is wrong, the address cannot be listened on, or the
/// runtime cannot start.
pub fn serve(config: ServeConfig) -> Result<(), WebError> {
    config.check()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Runtime)?;
    let result = runtime.block_on(async move {
        let addr = config.address();
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| WebError::Bind { addr, source })?;
        let local = listener.local_addr().unwrap_or(addr);
        eprintln!("grundy serve: open http://{local}/ (Ctrl-C stops the server)");
        axum::serve(listener, router(config))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(WebError::Serve)
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

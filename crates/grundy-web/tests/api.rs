//! The JSON API driven in process (and once over a socket): every endpoint, bad input, the
//! budgets, the body limit and concurrent requests.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_testkit::random;
use grundy_web::{ServeConfig, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

/// A configuration for tests: two slots, generous limits.
fn config() -> ServeConfig {
    ServeConfig { max_concurrent: 2, ..ServeConfig::default() }
}

/// `POST path` with `body` (sent as it is): the status and the JSON answer.
async fn post_raw(app: &Router, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(path).body(body.into()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 64 << 20).await.expect("a body");
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

/// `POST path` with the JSON `body`.
async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    post_raw(app, path, body.to_string()).await
}

/// Analyses `body` as a position of `game`, expecting success.
async fn analyse(app: &Router, game: &str, body: &Value) -> Value {
    let (status, answer) = post(app, &format!("/api/{game}/analyse"), body).await;
    assert_eq!(status, StatusCode::OK, "{game} {body}: {answer}");
    answer
}

/// Checks an analysis against itself: the value is the mex of the moves' values (when every
/// move is listed), the winning moves are those of value 0, the outcome agrees, and every
/// winning move's position is valued 0 by the API.
async fn check_consistent(app: &Router, game: &str, body: &Value, answer: &Value) {
    let moves = answer["moves"].as_array().expect("moves");
    if answer["moves_complete"] == true {
        let values: Vec<u64> = moves.iter().map(|m| m["value"].as_u64().expect("small")).collect();
        let mex = (0..=values.len() as u64).find(|v| !values.contains(v)).expect("a mex");
        assert_eq!(answer["value"], mex, "{game} {body}");
    }
    let winning: Vec<&Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(answer["winning_moves"].as_array().expect("list").len(), winning.len());
    assert_eq!(answer["outcome"], if winning.is_empty() { "P" } else { "N" }, "{game} {body}");
    for m in winning {
        assert_eq!(m["value"], 0);
        let mut next = body.clone();
        next["position"] = m["to"].clone();
        if let Some(played) = m.get("played") {
            next["played"] = played.clone();
        }
        let after = analyse(app, game, &next).await;
        assert_eq!(after["value"], 0, "{game}: {} leads to {next}", m["move_text"]);
    }
}

#[tokio::test]
async fn every_game_is_analysed_consistently() {
    let app = router(config());
    let cases = [
        ("nim", json!({ "position": "3 5 7" })),
        ("nim", json!({ "position": "1 2 3" })),
        ("dq-nim", json!({ "position": "2 1 / 0 3" })),
        ("transverse-wave", json!({ "position": "gpg/ppg/ggg" })),
        ("crosswise-and", json!({ "position": "101/001/111" })),
        ("crosswise-or", json!({ "position": "010/110/000" })),
        ("dots", json!({ "position": "..x....." })),
        ("octal", json!({ "position": "7 9", "code": "0.137" })),
        ("node-kayles", json!({ "position": "0-1 1-2 2-3 3-4 4-0 0-5" })),
        ("node-kayles", json!({ "position": "Dhc", "format": "graph6", "played": "0" })),
        ("cram", json!({ "position": "3x4" })),
        ("cram", json!({ "position": "..#./...." })),
    ];
    for (game, body) in cases {
        let answer = analyse(&app, game, &body).await;
        assert_eq!(answer["game"], game);
        check_consistent(&app, game, &body, &answer).await;
    }
}

#[tokio::test]
async fn answers_carry_the_values_the_cli_prints() {
    let app = router(config());
    let nim = analyse(&app, "nim", &json!({ "position": "3 5 7" })).await;
    assert_eq!((nim["value"].clone(), nim["value_text"].clone()), (json!(1), json!("*")));
    assert_eq!(nim["moves"].as_array().map(Vec::len), Some(15));
    let first = &nim["winning_moves"][0];
    assert_eq!(first["move"], json!({ "heap": 0, "take": 1 }));
    assert_eq!(first["to"], "2 5 7");
    // Transverse Wave and its Crosswise views have the same value (Propositions 1 and 2).
    let wave = analyse(&app, "transverse-wave", &json!({ "position": "gpg/ppg/ggg" })).await;
    let and = wave["board"]["crosswise_and"].clone();
    let or = wave["board"]["crosswise_or"].clone();
    assert_eq!(and, "101/001/111");
    assert_eq!(or, "010/110/000");
    let and = analyse(&app, "crosswise-and", &json!({ "position": and })).await;
    let or = analyse(&app, "crosswise-or", &json!({ "position": or })).await;
    assert_eq!(wave["value"], and["value"]);
    assert_eq!(wave["value"], or["value"]);
    // Node-Kayles: the components after a move, each with its value.
    let body = json!({ "position": "0-1 1-2 2-3 3-4 5-6", "played": "2" });
    let kayles = analyse(&app, "node-kayles", &body).await;
    assert_eq!(kayles["board"]["available"], json!([0, 4, 5, 6]));
    let components = kayles["board"]["components"].as_array().expect("components");
    assert_eq!(components.len(), 3);
    assert_eq!(kayles["value"], 1); // * + * + *
    // Dots: three free dots are a heap of 3 in Dawson's chess, G(3) = 2; marking the middle
    // dot wins.
    let dots = analyse(&app, "dots", &json!({ "position": "..." })).await;
    assert_eq!(dots["value"], 2);
    assert_eq!(dots["winning_moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(dots["winning_moves"][0]["to"], ".x.");
    let cram = analyse(&app, "cram", &json!({ "position": "2x2" })).await;
    assert_eq!(cram["value"], 0);
    assert_eq!(cram["board"]["cells"], json!(["..", ".."]));
}

#[tokio::test]
async fn the_computer_wins_when_it_can_and_plays_on_when_it_cannot() {
    let app = router(config());
    for seed in 0..8 {
        let body = json!({ "position": "3 5 7", "seed": seed });
        let (status, answer) = post(&app, "/api/nim/move", &body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["strategy"], "winning");
        let after = analyse(&app, "nim", &json!({ "position": answer["to"] })).await;
        assert_eq!(after["value"], 0);
    }
    // From a P-position: the move that leaves the most tokens, one from a heap.
    let (_, answer) = post(&app, "/api/nim/move", &json!({ "position": "1 2 3" })).await;
    assert_eq!(answer["strategy"], "most work");
    assert_eq!(answer["move"]["options"], 5);
    // Game over: no move.
    let (status, answer) = post(&app, "/api/nim/move", &json!({ "position": "0 0" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((answer["strategy"].clone(), answer["move"].clone()), (json!("none"), Value::Null));
    // Every game answers a move.
    let cases = [
        ("dq-nim", json!({ "position": "2 1 / 0 3" })),
        ("transverse-wave", json!({ "position": "gpg/ppg/ggg" })),
        ("crosswise-and", json!({ "position": "101/001/111" })),
        ("crosswise-or", json!({ "position": "010/110/000" })),
        ("dots", json!({ "position": "......." })),
        ("octal", json!({ "position": "10", "code": "0.77" })),
        ("node-kayles", json!({ "position": "0-1 1-2 2-3", "played": "" })),
        ("cram", json!({ "position": "3x3" })),
    ];
    for (game, body) in cases {
        let (status, answer) = post(&app, &format!("/api/{game}/move"), &body).await;
        assert_eq!(status, StatusCode::OK, "{game}: {answer}");
        assert!(answer["move"].is_object(), "{game}: {answer}");
        let mut next = body.clone();
        next["position"] = answer["to"].clone();
        if !answer["played"].is_null() {
            next["played"] = answer["played"].clone();
        }
        let after = analyse(&app, game, &next).await;
        if answer["strategy"] == "winning" {
            assert_eq!(after["value"], 0, "{game}: {answer}");
        }
    }
}

#[tokio::test]
async fn bad_input_is_a_400_in_the_cli_words() {
    let app = router(config());
    let cases = [
        (
            "nim",
            json!({ "position": "3 x 5" }),
            "3 x 5".parse::<grundy_nim::Heaps>().map(drop).unwrap_err().to_string(),
        ),
        (
            "transverse-wave",
            json!({ "position": "gpq" }),
            "gpq".parse::<grundy_transverse_wave::Grid>().map(drop).unwrap_err().to_string(),
        ),
        (
            "cram",
            json!({ "position": "9x9" }),
            "9x9".parse::<grundy_cram_chomp::CramBoard>().map(drop).unwrap_err().to_string(),
        ),
        (
            "dots",
            json!({ "position": "..xx" }),
            "..xx".parse::<grundy_octal::Dots>().map(drop).unwrap_err().to_string(),
        ),
        (
            "octal",
            json!({ "position": "3", "code": "0.9" }),
            "0.9".parse::<grundy_octal::Rules>().map(drop).unwrap_err().to_string(),
        ),
        (
            "octal",
            json!({ "position": "3" }),
            "octal: give the game's code, e.g. \"code\": \"0.137\"".to_owned(),
        ),
        (
            "dq-nim",
            json!({ "position": "1 200000" }),
            "heap '200000' (heap 2) is too large to search: at most 100000 tokens".to_owned(),
        ),
        (
            "node-kayles",
            json!({ "position": "0-1", "played": "5" }),
            "played: vertex 5 is out of range: the graph has 2 vertices".to_owned(),
        ),
        (
            "node-kayles",
            json!({ "position": "0-1 1-2", "played": "0,1" }),
            "played: vertex 1 is not available (it or a neighbour was played)".to_owned(),
        ),
        (
            "node-kayles",
            json!({ "position": "0-1", "format": "dot" }),
            "format 'dot' is not a graph format: use edges or graph6".to_owned(),
        ),
    ];
    for (game, body, want) in cases {
        let (status, answer) = post(&app, &format!("/api/{game}/analyse"), &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game} {body}: {answer}");
        assert_eq!(answer["error"], want, "{game} {body}");
        assert!(!want.contains('\n'));
    }
    // Not JSON, the wrong shape, an unknown field: 400 naming the problem.
    for (body, needle) in [
        ("{", "EOF"),
        ("[1]", "invalid type"),
        ("{}", "missing field `position`"),
        (r#"{"position": "1", "positon": "2"}"#, "unknown field `positon`"),
        (r#"{"position": 3}"#, "invalid type"),
    ] {
        let (status, answer) = post_raw(&app, "/api/nim/analyse", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let error = answer["error"].as_str().expect("a message");
        assert!(error.contains(needle), "{body}: {error}");
        assert!(error.starts_with("the request body is not the JSON expected"), "{error}");
    }
    // Unknown games and endpoints: 404 in JSON.
    let (status, answer) = post(&app, "/api/chess/analyse", &json!({ "position": "e4" })).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(answer["error"].as_str().is_some_and(|e| e.starts_with("no game 'chess'")));
    let (status, _) = post(&app, "/api/nim/solve", &json!({ "position": "1" })).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn hostile_input_never_panics() {
    let app = router(ServeConfig {
        time_limit: Duration::from_secs(2),
        max_nodes: Some(200_000),
        ..config()
    });
    let texts = [
        "",
        " ",
        "/",
        "//",
        "x",
        "-1",
        "99999999999999999999999999999999999999999999",
        "0x",
        "ggg/gg",
        "1000000000: 0-1",
        "1048576: 0-1",
        "4096: 0-1",
        "\u{0}",
        "\u{1F600}",
        "5x0",
        "0x0",
        "8x8",
        "65x1",
        "1 / x",
        "{1,2}",
        "9999999999x2",
    ];
    for game in [
        "nim",
        "dq-nim",
        "transverse-wave",
        "crosswise-and",
        "crosswise-or",
        "dots",
        "octal",
        "node-kayles",
        "cram",
    ] {
        for text in texts {
            for body in [
                json!({ "position": text }),
                json!({ "position": text, "code": text, "played": text, "format": "graph6" }),
            ] {
                let (status, answer) = post(&app, &format!("/api/{game}/analyse"), &body).await;
                assert!(
                    [StatusCode::OK, StatusCode::BAD_REQUEST, StatusCode::UNPROCESSABLE_ENTITY]
                        .contains(&status),
                    "{game} {body}: {status} {answer}"
                );
                if status != StatusCode::OK {
                    assert!(answer["error"].is_string(), "{game} {body}: {answer}");
                }
            }
        }
    }
}

/// A Transverse Wave board of `rows` x `cols`, each cell purple with chance 1/3, from a fixed
/// seed (grundy-testkit's seeded generator).
fn random_grid(rows: usize, cols: usize) -> String {
    let cells = random::bits(rows, cols, 1.0 / 3.0, &mut random::rng(1));
    let rows: Vec<String> = cells
        .iter()
        .map(|row| row.iter().map(|&purple| if purple { 'p' } else { 'g' }).collect())
        .collect();
    rows.join("/")
}

/// An edge list of `order` vertices, each pair an edge with chance `degree / order`, from a
/// fixed seed (grundy-testkit's seeded generator).
fn random_graph(order: usize, degree: f64) -> String {
    #[allow(clippy::cast_precision_loss, reason = "a small vertex count")]
    let p = degree / order as f64;
    let edges: Vec<String> = random::gnp_edges(order, p, &mut random::rng(2))
        .into_iter()
        .map(|(u, v)| format!("{u}-{v}"))
        .collect();
    format!("{order}: {}", edges.join(" "))
}

#[tokio::test]
async fn over_budget_is_a_422_saying_so() {
    let app = router(ServeConfig { max_nodes: Some(50), ..config() });
    for (game, body) in [
        ("cram", json!({ "position": "5x6" })),
        ("transverse-wave", json!({ "position": random_grid(14, 24) })),
        ("node-kayles", json!({ "position": random_graph(48, 3.0) })),
        ("dq-nim", json!({ "position": "9 9 9 / 8 8 8 / 7 7 7" })),
    ] {
        let (status, answer) = post(&app, &format!("/api/{game}/analyse"), &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {answer}");
        assert_eq!(answer["error"], "too big to solve within the limit");
        assert!(
            answer["reason"].as_str().is_some_and(|r| r.contains("more than 50 positions")),
            "{answer}"
        );
        let (status, _) = post(&app, &format!("/api/{game}/move"), &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    // The time limit: a tiny one stops a large search.
    let app =
        router(ServeConfig { max_nodes: None, time_limit: Duration::from_millis(1), ..config() });
    let (status, answer) = post(&app, "/api/cram/analyse", &json!({ "position": "7x8" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["reason"].as_str().is_some_and(|r| r.contains("time limit")), "{answer}");
}

#[tokio::test]
async fn bodies_over_the_limit_are_refused_with_413() {
    let app = router(ServeConfig { body_limit: 100, ..config() });
    let big = json!({ "position": "1 ".repeat(200) });
    let (status, answer) = post(&app, "/api/nim/analyse", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer["error"], "the request body is larger than 100 bytes");
    let (status, _) = post(&app, "/api/nim/analyse", &json!({ "position": "1 2" })).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn large_positions_are_answered_or_refused_in_words() {
    let app = router(config());
    // Nim with heaps too large to list every move: the winning moves only.
    let nim =
        analyse(&app, "nim", &json!({ "position": "100000 3 99999999999999999999999" })).await;
    assert_eq!(nim["moves_complete"], false);
    assert_eq!(nim["moves"], nim["winning_moves"]);
    assert_eq!(
        nim["value_text"],
        format!(
            "*{}",
            [100_000_u128, 3, 99_999_999_999_999_999_999_999].into_iter().fold(0, |a, h| a ^ h)
        )
    );
    check_consistent(&app, "nim", &json!({ "position": "100000 3 99999999999999999999999" }), &nim)
        .await;
    // A large P-position: one move listed, from a largest heap, the one the computer plays.
    let body = json!({ "position": "123456 123456" });
    let (_, reply) = post(&app, "/api/nim/move", &body).await;
    assert_eq!(reply["strategy"], "most work");
    assert!(
        ["123455 123456", "123456 123455"].contains(&reply["to"].as_str().unwrap_or("")),
        "{reply}"
    );
    // Octal heaps beyond the bound, graphs beyond the bound.
    let (status, answer) =
        post(&app, "/api/octal/analyse", &json!({ "position": "200000", "code": "0.77" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "heap 200000 is too large: at most 100000 here");
    let (status, answer) =
        post(&app, "/api/node-kayles/analyse", &json!({ "position": "5000: 0-1" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "a graph of 5000 vertices is too large here: at most 4096");
    let body = json!({ "position": "5000", "code": "0x0.8f" });
    let (status, answer) = post(&app, "/api/octal/analyse", &body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("splits in three")), "{answer}");
    // A large octal heap with a period: answered from the sequence.
    let kayles = analyse(&app, "octal", &json!({ "position": "99999", "code": "0.77" })).await;
    assert_eq!(kayles["moves_complete"], false);
}

#[test]
fn configurations_are_checked_and_addresses_named() {
    let zero = ServeConfig { time_limit: Duration::ZERO, ..ServeConfig::default() };
    assert_eq!(
        zero.check().map_err(|e| e.to_string()),
        Err("the time limit must be positive".to_owned())
    );
    let none = ServeConfig { max_concurrent: 0, ..ServeConfig::default() };
    assert!(none.check().is_err());
    assert!(grundy_web::serve(none).is_err());
    let default = ServeConfig::default();
    assert!(default.check().is_ok());
    assert_eq!(default.address().to_string(), "127.0.0.1:8080");
    // An address that is taken: the error names it.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("an address").port();
    let err = grundy_web::serve(ServeConfig { port, ..ServeConfig::default() }).expect_err("taken");
    assert!(err.to_string().starts_with(&format!("cannot listen on 127.0.0.1:{port}: ")), "{err}");
}

#[tokio::test]
async fn pictures_endpoints_answer() {
    let app = router(config());
    let (status, seq) =
        post(&app, "/api/octal/sequence", &json!({ "code": "0.137", "upto": 300 })).await;
    assert_eq!(status, StatusCode::OK, "{seq}");
    let values = seq["values"].as_array().expect("values");
    assert_eq!(values.len(), 301);
    assert_eq!(values[..8], [0, 1, 1, 2, 0, 3, 1, 1].map(|v| json!(v)));
    assert_eq!(seq["period"]["period"], 34);
    let (status, seq) = post(&app, "/api/octal/sequence", &json!({ "code": "grundy" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(seq["values"].as_array().map(Vec::len), Some(201));
    assert!(seq["period"].is_null());
    let (status, answer) =
        post(&app, "/api/octal/sequence", &json!({ "code": "0.137", "upto": 10_000_000 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let body = json!({ "rules": "1,0 0,1", "box": "3,3" });
    let (status, lattice) = post(&app, "/api/lattice-game/p-positions", &body).await;
    assert_eq!(status, StatusCode::OK, "{lattice}");
    // Two-heap Nim with heaps of one token a move: P-positions where both parities are even.
    let p = lattice["p_positions"].as_array().expect("points");
    assert!(
        p.contains(&json!([0, 0])) && p.contains(&json!([2, 2])) && !p.contains(&json!([1, 0]))
    );
    let bad = json!({ "rules": "1,x", "box": "3,3" });
    let (status, answer) = post(&app, "/api/lattice-game/p-positions", &bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().is_some_and(|e| e.starts_with("rules: ")));
}

#[tokio::test]
async fn pages_and_files_are_served() {
    let app = router(config());
    for path in [
        "/",
        "/wave",
        "/nim",
        "/dq-nim",
        "/dots",
        "/node-kayles",
        "/cram",
        "/pictures",
        "/static/style.css",
        "/static/common.js",
        "/static/boards.js",
        "/static/pictures.js",
        "/static/lattice.svg",
        "/api/games",
    ] {
        let response = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).expect("request"))
            .await
            .expect("answer");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("body");
        assert!(!bytes.is_empty(), "{path}");
        // Nothing is fetched from the network.
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("https://") || path == "/static/lattice.svg", "{path}");
    }
    let response = app
        .oneshot(Request::get("/nowhere").body(Body::empty()).expect("request"))
        .await
        .expect("answer");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_requests_from_sixteen_tasks_all_answered() {
    // A node limit that some of the requests exceed: their answer is the budget's.
    let app = router(ServeConfig { max_nodes: Some(20_000), ..config() });
    let bodies = [
        ("nim", json!({ "position": "3 5 7" }), json!(1)),
        ("transverse-wave", json!({ "position": "gpg/ppg/ggg" }), Value::Null),
        ("dots", json!({ "position": "........" }), Value::Null),
        ("cram", json!({ "position": "3x3" }), Value::Null),
        ("cram", json!({ "position": "6x7" }), Value::Null),
        ("node-kayles", json!({ "position": "0-1 1-2 2-3 3-0" }), json!(0)),
    ];
    let mut tasks = Vec::new();
    for t in 0..16_usize {
        let app = app.clone();
        let bodies = bodies.clone();
        tasks.push(tokio::spawn(async move {
            let mut answers = Vec::new();
            for i in 0..(if t < 8 { 13 } else { 12 }) {
                let (game, body, want) = &bodies[(t + i) % bodies.len()];
                let kind = if i % 2 == 0 { "analyse" } else { "move" };
                let (status, answer) = post(&app, &format!("/api/{game}/{kind}"), body).await;
                answers.push((status, answer, want.clone(), *game));
            }
            answers
        }));
    }
    let mut count = 0;
    let mut over = 0;
    for task in tasks {
        for (status, answer, want, game) in task.await.expect("a task") {
            count += 1;
            match status {
                StatusCode::OK => {
                    if !want.is_null() {
                        assert_eq!(answer["value"], want, "{game}");
                    }
                }
                StatusCode::UNPROCESSABLE_ENTITY => {
                    assert_eq!(answer["error"], "too big to solve within the limit");
                    over += 1;
                }
                other => panic!("{game}: {other} {answer}"),
            }
        }
    }
    assert_eq!(count, 200);
    assert!(over > 0 && over < 200, "{over} over budget");
}

#[tokio::test]
async fn served_on_an_ephemeral_port_over_http() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().expect("an address");
    let server = tokio::spawn(async move { axum::serve(listener, router(config())).await });
    let body = r#"{"position": "gpg/ggg"}"#;
    let request = format!(
        "POST /api/transverse-wave/analyse HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("a connection");
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""game":"transverse-wave""#), "{answer}");
    server.abort();
    assert!(ServeConfig::default().bind.is_loopback());
}

//! The boards in a real browser: headless Chromium, driven by `chromedriver`, loads
//! each board, turns the hint on, checks that a highlighted move is one the API values at 0,
//! plays it by clicking the board, checks that the computer answers, and saves a screenshot
//! of each board as `<board>.png`: to cargo's scratch folder for tests, or to the README's
//! `docs/screenshots/` when `GRUNDY_UPDATE_SCREENSHOTS=1` is set (so that a test run does not
//! rewrite tracked files with pixel noise).
//!
//! Without `/usr/bin/chromedriver` and Chromium the test says so and passes, unless
//! `GRUNDY_BROWSER_TEST=1` is set: then it fails (CI sets it after installing them).

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use fantoccini::{Client, ClientBuilder, Locator};
use grundy_web::{ServeConfig, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

type Result<T, E = Box<dyn Error>> = std::result::Result<T, E>;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: [&str; 2] = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/// How long a page may take to show what is waited for.
const PATIENCE: Duration = Duration::from_secs(20);

/// chromedriver, killed when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on loopback.
fn free_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

/// Starts chromedriver on a free port and waits until it listens.
fn start_driver() -> Result<(Driver, u16)> {
    let port = free_port()?;
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let driver = Driver(child);
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if started.elapsed() > PATIENCE {
            return Err("chromedriver did not start listening".into());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok((driver, port))
}

/// The API's analysis of `body` for `game`, in process.
async fn analyse(app: &Router, game: &str, body: &Value) -> Result<Value> {
    let request =
        Request::post(format!("/api/{game}/analyse")).body(Body::from(body.to_string()))?;
    let response = app.clone().oneshot(request).await?;
    let bytes = axum::body::to_bytes(response.into_body(), 64 << 20).await?;
    Ok(serde_json::from_slice(&bytes)?)
}

/// Waits until the element of `css` exists.
async fn wait_for(client: &Client, css: &str) -> Result<fantoccini::elements::Element> {
    let started = Instant::now();
    loop {
        if let Ok(element) = client.find(Locator::Css(css)).await {
            return Ok(element);
        }
        if started.elapsed() > PATIENCE {
            let status = client.find(Locator::Id("error")).await?.text().await?;
            return Err(format!("no element '{css}' appeared (page error: '{status}')").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the text of the element of `css` contains `needle`; the text.
async fn wait_for_text(client: &Client, css: &str, needle: &str) -> Result<String> {
    let started = Instant::now();
    loop {
        if let Ok(element) = client.find(Locator::Css(css)).await {
            let text = element.text().await?;
            if text.contains(needle) {
                return Ok(text);
            }
            if started.elapsed() > PATIENCE {
                return Err(format!("'{css}' says '{text}', not '{needle}'").into());
            }
        }
        if started.elapsed() > PATIENCE {
            return Err(format!("no element '{css}'").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Loads `path`, plays the position `body` (typed in the page's text box, or the page's
/// own start when `typed` is false), turns the hint on, checks the highlighted move of
/// `winning_css` against the API, clicks it (or what `click` says), checks the computer's
/// answer, and saves the screenshot `name`.
struct Board<'a> {
    name: &'a str,
    path: &'a str,
    game: &'a str,
    body: Value,
    /// CSS of the board's highlighted winning move elements.
    winning_css: &'a str,
}

async fn check_board(
    client: &Client,
    app: &Router,
    base: &str,
    board: &Board<'_>,
    shots: &Path,
) -> Result<()> {
    let name = board.name;
    client.goto(&format!("{base}{}", board.path)).await?;
    wait_for(client, "#moves li.move").await?;
    // Type the position and play it, so that the test knows where it starts.
    let position = board.body["position"].as_str().ok_or("a position")?;
    let text = client.find(Locator::Id("text")).await?;
    text.clear().await?;
    text.send_keys(position).await?;
    if board.body["format"] == "graph6" {
        client.find(Locator::Id("format")).await?.select_by_value("graph6").await?;
    }
    client.find(Locator::Id("load")).await?.click().await?;
    wait_for_text(client, "#status", "Your move (move 1)").await?;
    let start = analyse(app, board.game, &board.body).await?;
    assert_eq!(
        start["outcome"], "N",
        "{name}: the test's start should be a win for the mover: {start}"
    );
    // The hint: the value shows, and a highlighted move leads to a position of value 0.
    client.find(Locator::Id("hint")).await?.click().await?;
    wait_for_text(
        client,
        "#analysis",
        &format!("value {}", start["value_text"].as_str().unwrap_or("?")),
    )
    .await?;
    let highlighted = wait_for(client, board.winning_css).await?;
    let index: usize = highlighted.attr("data-index").await?.ok_or("a move index")?.parse()?;
    let item = client.find(Locator::Css(&format!("#moves li[data-index='{index}']"))).await?;
    let class = item.attr("class").await?.unwrap_or_default();
    assert!(
        class.contains("winning"),
        "{name}: move {index} is highlighted on the board, not in the list"
    );
    if board.game == "cram" {
        // The board highlights the cells of the winning dominoes.
        for cell in start["moves"][index]["move"].as_array().ok_or("cells")? {
            let css = format!("#board td[data-cell='{},{}']", cell[0], cell[1]);
            let class =
                client.find(Locator::Css(&css)).await?.attr("class").await?.unwrap_or_default();
            assert!(
                class.contains("winning"),
                "{name}: cell {cell} of a winning domino is not highlighted"
            );
        }
    }
    let to = item.attr("data-to").await?.ok_or("data-to")?;
    let mut next = board.body.clone();
    next["position"] = Value::from(to);
    if let Some(played) = item.attr("data-played").await? {
        next["played"] = Value::from(played);
    }
    let after = analyse(app, board.game, &next).await?;
    assert_eq!(after["value"], 0, "{name}: the highlighted move {index} leads to {next}: {after}");
    // Every highlighted move of the list wins, by the API.
    let listed = client.find_all(Locator::Css("#moves li.winning")).await?;
    assert_eq!(listed.len(), start["winning_moves"].as_array().map_or(0, Vec::len), "{name}");
    if board.game == "transverse-wave" {
        wait_for_text(client, "#and-value", "value").await?;
        wait_for_text(client, "#or-value", "value").await?;
        let and = client.find(Locator::Id("and-value")).await?.text().await?;
        let or = client.find(Locator::Id("or-value")).await?.text().await?;
        assert_eq!(and, or, "Propositions 1 and 2: the views agree");
        assert!(
            and.contains(&format!("value {}", start["value_text"].as_str().unwrap_or("?"))),
            "{and}"
        );
    }
    // The picture of the board with its hint, for the README.
    std::fs::write(shots.join(format!("{name}.png")), client.screenshot().await?)?;
    // Play it on the board (Cram: its two cells), then the computer answers.
    if board.game == "cram" {
        let cells = start["moves"][index]["move"].as_array().ok_or("cells")?.clone();
        for cell in cells {
            let css = format!("#board td[data-cell='{},{}']", cell[0], cell[1]);
            client.find(Locator::Css(&css)).await?.click().await?;
        }
    } else {
        highlighted.click().await?;
    }
    let status = wait_for_text(client, "#status", "(move 3)").await?;
    assert!(status.starts_with("Your move"), "{name}: {status}");
    let last = client.find(Locator::Id("last")).await?.text().await?;
    assert!(last.starts_with("computer: "), "{name}: the computer did not answer: '{last}'");
    // Undo takes back the computer's answer and the move: the start again.
    client.find(Locator::Id("undo")).await?.click().await?;
    wait_for_text(client, "#status", "Your move (move 1)").await?;
    Ok(())
}

/// A game the computer starts and wins, and bad input shown as the API words it.
async fn check_flows(client: &Client, base: &str) -> Result<()> {
    client.goto(&format!("{base}/dots")).await?;
    wait_for(client, "#moves li.move").await?;
    client.find(Locator::Id("mode")).await?.select_by_value("computer-first").await?;
    let text = client.find(Locator::Id("text")).await?;
    text.clear().await?;
    text.send_keys("...").await?;
    client.find(Locator::Id("load")).await?.click().await?;
    // Three dots: the computer marks the middle one and nothing is left to mark.
    wait_for_text(client, "#status", "Game over: computer wins.").await?;
    wait_for_text(client, "#last", "computer: mark dot 2").await?;
    // Bad input: the API's one-line message, as the CLI words it.
    client.goto(&format!("{base}/wave")).await?;
    wait_for(client, "#moves li.move").await?;
    let text = client.find(Locator::Id("text")).await?;
    text.clear().await?;
    text.send_keys("gpx/ggg").await?;
    client.find(Locator::Id("load")).await?.click().await?;
    let want = "gpx/ggg"
        .parse::<grundy_transverse_wave::Grid>()
        .map(drop)
        .err()
        .ok_or("gpx/ggg should not parse")?
        .to_string();
    wait_for_text(client, "#error", &want).await?;
    Ok(())
}

/// The pictures page draws its three pictures.
async fn check_pictures(client: &Client, base: &str, shots: &Path) -> Result<()> {
    client.goto(&format!("{base}/pictures")).await?;
    wait_for(client, "#sequence-plot circle").await?;
    wait_for(client, "#lattice-plot rect").await?;
    wait_for_text(client, "#sequence-info", "period 34 from heap 52").await?;
    let started = Instant::now();
    loop {
        let script = "const img = document.querySelector('#lattice img'); \
                      return img.complete && img.naturalWidth > 0;";
        if client.execute(script, vec![]).await? == Value::Bool(true) {
            break;
        }
        assert!(started.elapsed() < PATIENCE, "the lattice picture does not load");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    std::fs::write(shots.join("pictures.png"), client.screenshot().await?)?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_play_in_a_real_browser() -> Result<()> {
    let required = std::env::var("GRUNDY_BROWSER_TEST").is_ok_and(|v| v == "1");
    let chromium = CHROMIUM.iter().find(|p| Path::new(p).exists());
    let (Some(chromium), true) = (chromium, Path::new(CHROMEDRIVER).exists()) else {
        assert!(
            !required,
            "GRUNDY_BROWSER_TEST=1 but Chromium or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"
        );
        println!(
            "skipped: Chromium or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"
        );
        return Ok(());
    };
    let config = ServeConfig { max_concurrent: 2, ..ServeConfig::default() };
    let app = router(config.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let server = tokio::spawn(async move { axum::serve(listener, router(config)).await });
    let (_driver, port) = start_driver()?;
    let mut options = json!({
        "binary": chromium,
        "args": ["--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,960", "--hide-scrollbars"],
    });
    // Chromium refuses to run as root without --no-sandbox.
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0"));
    if root {
        options["args"].as_array_mut().ok_or("args")?.push(Value::from("--no-sandbox"));
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_owned(), options);
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await?;
    let shots: PathBuf = if std::env::var("GRUNDY_UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots")
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots")
    };
    std::fs::create_dir_all(&shots)?;
    let boards = [
        Board {
            name: "wave",
            path: "/wave",
            game: "transverse-wave",
            body: json!({ "position": "ggpgpgpp/pggggggp/pggpgggp/pppggpgp/ggggpggg" }),
            winning_css: "#board th.col.winning",
        },
        Board {
            name: "nim",
            path: "/nim",
            game: "nim",
            body: json!({ "position": "3 5 7" }),
            winning_css: "#board .token.winning",
        },
        Board {
            name: "dq-nim",
            path: "/dq-nim",
            game: "dq-nim",
            body: json!({ "position": "4 2 3 / 1 4 2 / 3 3 1" }),
            winning_css: "#board .token.winning",
        },
        Board {
            name: "dots",
            path: "/dots",
            game: "dots",
            body: json!({ "position": "..........." }),
            winning_css: "#board .dot.winning",
        },
        Board {
            name: "node-kayles",
            path: "/node-kayles",
            game: "node-kayles",
            body: json!({ "position": "10: 0-1 1-2 2-3 3-4 4-0 0-5 5-6 6-7 7-8 8-5 2-9", "format": "edges", "played": "" }),
            winning_css: "#board circle.winning",
        },
        Board {
            name: "cram",
            path: "/cram",
            game: "cram",
            body: json!({ "position": "3x5" }),
            winning_css: "#moves li.winning",
        },
    ];
    let mut outcome = Ok(());
    for board in &boards {
        if let Err(e) = check_board(&client, &app, &base, board, &shots).await {
            outcome = Err(format!("{}: {e}", board.name).into());
            break;
        }
    }
    if outcome.is_ok() {
        outcome = check_pictures(&client, &base, &shots).await;
    }
    if outcome.is_ok() {
        outcome = check_flows(&client, &base).await;
    }
    let _ = client.close().await;
    server.abort();
    outcome
}

//! The pages, embedded in the binary: every page is the one skeleton of
//! `static/layout/page.html` (head, menu, scripts), and every board the one game bar, status
//! lines and move list of `static/layout/board.html`, with the parts that differ (title, rules,
//! controls, the board's start function) filled in from [`PAGES`].

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::AppState;

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The files served as they are: URL path, content type, text.
const FILES: &[(&str, &str, &str)] = &[
    ("/static/style.css", CSS, include_str!("../static/style.css")),
    ("/static/common.js", JS, include_str!("../static/common.js")),
    ("/static/boards.js", JS, include_str!("../static/boards.js")),
    ("/static/pictures.js", JS, include_str!("../static/pictures.js")),
];

/// The skeleton of every page: `{{title}}`, `{{body}}` (attributes of `<body>`), `{{nav}}`,
/// `{{main}}`, `{{scripts}}`.
const PAGE: &str = include_str!("../static/layout/page.html");

/// The `<main>` of every board: `{{heading}}`, `{{rules}}`, `{{controls}}`, `{{under_board}}`.
const BOARD: &str = include_str!("../static/layout/board.html");

/// A page of the app.
struct Page {
    /// Its URL path.
    path: &'static str,
    /// Its name in the menu (and the heading and the window title of a board).
    name: &'static str,
    /// What the page holds.
    content: Content,
}

/// What a page holds.
enum Content {
    /// A page of its own: its window title, the inside of its `<main>`, and its script after
    /// `common.js`.
    Plain { title: &'static str, main: &'static str, script: Option<&'static str> },
    /// A board played against the computer.
    Board(Board),
}

/// What one board page adds to the shared board.
struct Board {
    /// The rules, one paragraph of HTML.
    rules: &'static str,
    /// The controls that set up a position (`#new`, `#load` and the text box `#text`).
    controls: &'static str,
    /// What the page shows below the board, if anything.
    under_board: &'static str,
    /// The function of `Boards` (boards.js) that starts the board.
    start: &'static str,
}

/// Every page, in the order of the menu.
const PAGES: &[Page] = &[
    Page {
        path: "/",
        name: "Games",
        content: Content::Plain {
            title: "Play impartial games",
            main: include_str!("../static/pages/index.html"),
            script: None,
        },
    },
    Page {
        path: "/wave",
        name: "Transverse Wave",
        content: Content::Board(Board {
            rules: "A grid of green and purple cells. On your turn pick a column that still has a \
                    green cell: every row that is purple in that column turns all purple, and \
                    then the column does; whoever cannot pick a column loses.",
            controls: include_str!("../static/boards/wave.html"),
            under_board: include_str!("../static/boards/wave-views.html"),
            start: "wave",
        }),
    },
    Page {
        path: "/nim",
        name: "Nim",
        content: Content::Board(Board {
            rules: "Heaps of tokens. On your turn take one or more tokens from a single heap \
                    (click a token: it and the tokens to its right go); whoever takes the last \
                    token wins.",
            controls: include_str!("../static/boards/nim.html"),
            under_board: "",
            start: "nim",
        }),
    },
    Page {
        path: "/dq-nim",
        name: "Demi-Quantum Nim",
        content: Content::Board(Board {
            rules: "Several Nim positions in superposition, played with one move at a time: a \
                    move (take some tokens from heap i) must be legal in at least one live \
                    realization, and it collapses every realization where it is not. Whoever \
                    cannot move in any live realization loses.",
            controls: include_str!("../static/boards/dq-nim.html"),
            under_board: "",
            start: "dqNim",
        }),
    },
    Page {
        path: "/dots",
        name: "Rob's Dots",
        content: Content::Board(Board {
            rules: "A row of dots. On your turn mark a dot that is not next to a marked dot; \
                    whoever cannot mark one loses (Node-Kayles on a path: the octal game 0.137, \
                    Dawson's chess).",
            controls: include_str!("../static/boards/dots.html"),
            under_board: "",
            start: "dots",
        }),
    },
    Page {
        path: "/node-kayles",
        name: "Node-Kayles",
        content: Content::Board(Board {
            rules: "On your turn pick a vertex that is neither picked nor next to a picked one: \
                    it and its neighbours leave the game; whoever cannot pick loses. What is left \
                    splits into components (coloured), and the value is the nim-sum of theirs.",
            controls: include_str!("../static/boards/node-kayles.html"),
            under_board: include_str!("../static/boards/node-kayles-components.html"),
            start: "nodeKayles",
        }),
    },
    Page {
        path: "/cram",
        name: "Cram",
        content: Content::Board(Board {
            rules: "On your turn place a domino on two empty neighbouring cells, across or down \
                    (click one cell, then its neighbour). Whoever cannot place a domino loses.",
            controls: include_str!("../static/boards/cram.html"),
            under_board: "",
            start: "cram",
        }),
    },
    Page {
        path: "/pictures",
        name: "Pictures",
        content: Content::Plain {
            title: "Pictures",
            main: include_str!("../static/pages/pictures.html"),
            script: Some("/static/pictures.js"),
        },
    },
];

impl Page {
    /// The window title, before ` · grundy`.
    fn title(&self) -> &'static str {
        match self.content {
            Content::Plain { title, .. } => title,
            Content::Board(_) => self.name,
        }
    }

    /// The `data-board` attribute of `<body>`, which names the page for its scripts and
    /// styles: its path without the slash (none for the index page).
    fn board(&self) -> Option<&'static str> {
        self.path.strip_prefix('/').filter(|name| !name.is_empty())
    }
}

/// `template` with every `{{key}}` of `values` replaced by its text, in one pass (a text put
/// in is not searched again). A placeholder that `values` does not name is left as it is.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        let (before, tail) = rest.split_at(open);
        out.push_str(before);
        let key = tail[2..].split_once("}}").map(|(key, _)| key);
        match key.and_then(|key| values.iter().find(|(k, _)| *k == key).map(|v| (key, v.1))) {
            Some((key, text)) => {
                out.push_str(text);
                rest = &tail[key.len() + 4..];
            }
            None => {
                out.push_str("{{");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A text without its final line break (the files end with one; the skeleton adds its own).
fn trimmed(text: &str) -> &str {
    text.strip_suffix('\n').unwrap_or(text)
}

/// The HTML of `page`: the skeleton with its menu entry marked, its `<main>` and its scripts.
fn render(page: &Page) -> String {
    let nav: Vec<String> = PAGES
        .iter()
        .map(|p| {
            let here = if p.path == page.path { " class=\"here\"" } else { "" };
            format!("    <a href=\"{}\"{here}>{}</a>", p.path, p.name)
        })
        .collect();
    // Each script on a line of its own, after `</main>`.
    let script = |src: &str| format!("\n  <script src=\"{src}\"></script>");
    let (main, scripts) = match &page.content {
        Content::Plain { main, script: None, .. } => (trimmed(main).to_owned(), String::new()),
        Content::Plain { main, script: Some(src), .. } => {
            (trimmed(main).to_owned(), [script("/static/common.js"), script(src)].concat())
        }
        Content::Board(board) => {
            let main = fill(
                trimmed(BOARD),
                &[
                    ("heading", page.name),
                    ("rules", board.rules),
                    ("controls", trimmed(board.controls)),
                    ("under_board", trimmed(board.under_board)),
                ],
            );
            let start = format!("\n  <script>Boards.{}();</script>", board.start);
            let scripts = [script("/static/common.js"), script("/static/boards.js"), start];
            (main, scripts.concat())
        }
    };
    let body = page.board().map(|b| format!(" data-board=\"{b}\"")).unwrap_or_default();
    fill(
        PAGE,
        &[
            ("title", page.title()),
            ("body", &body),
            ("nav", &nav.join("\n")),
            ("main", &main),
            ("scripts", &scripts),
        ],
    )
}

/// The routes of every page and file, and a 404 page for the rest.
pub(crate) fn routes() -> Router<Arc<AppState>> {
    let mut router = Router::new();
    let pages = PAGES.iter().map(|page| (page.path, HTML, Bytes::from(render(page))));
    let files =
        FILES.iter().map(|&(path, content_type, text)| (path, content_type, Bytes::from(text)));
    // `docs/lattice.svg` is this picture (a test of grundy-reductions compares them); drawn
    // here rather than included, so that the crate builds from its own package.
    let lattice = ("/static/lattice.svg", SVG, Bytes::from(grundy_reductions::lattice_svg()));
    for (path, content_type, body) in pages.chain(files).chain([lattice]) {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], body) }),
        );
    }
    router.fallback(not_found)
}

/// The answer to a path that is no page (in JSON under `/api/`).
async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api/") {
        return crate::api::api_not_found().into_response();
    }
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, HTML)],
        "<!doctype html><title>Not found</title><p>No such page. <a href=\"/\">The games</a>.</p>",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lattice_picture_is_well_formed_xml() {
        let svg = grundy_reductions::lattice_svg();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        // XML forbids a double hyphen inside a comment (browsers then refuse the image).
        let mut rest = svg.as_str();
        while let Some(start) = rest.find("<!--") {
            let end = rest[start + 4..].find("-->").expect("a closed comment");
            assert!(!rest[start + 4..start + 4 + end].contains("--"), "{svg}");
            rest = &rest[start + 4 + end + 3..];
        }
    }

    #[test]
    fn fill_replaces_named_placeholders_once() {
        let values = [("a", "{{b}}"), ("b", "B")];
        assert_eq!(fill("<{{a}}|{{b}}|{{c}}|{{", &values), "<{{b}}|B|{{c}}|{{");
    }

    #[test]
    fn every_page_is_filled_in_and_marks_itself_in_the_menu() {
        for page in PAGES {
            let html = render(page);
            assert!(!html.contains("{{"), "{}: {html}", page.path);
            assert!(html.starts_with("<!doctype html>") && html.ends_with("</html>\n"));
            assert!(html.contains(&format!("<title>{} · grundy</title>", page.title())));
            let here = format!("<a href=\"{}\" class=\"here\">{}</a>", page.path, page.name);
            assert!(html.contains(&here), "{}", page.path);
            assert_eq!(html.matches("class=\"here\"").count(), 1, "{}", page.path);
        }
    }

    #[test]
    fn every_board_has_the_elements_its_scripts_use() {
        let ids = [
            "mode", "hint", "undo", "restart", "status", "analysis", "last", "error", "board",
            "moves", "controls", "new", "load", "text",
        ];
        for page in PAGES {
            let Content::Board(board) = &page.content else { continue };
            let html = render(page);
            for id in ids {
                assert_eq!(
                    html.matches(&format!("id=\"{id}\"")).count(),
                    1,
                    "{}: #{id}",
                    page.path
                );
            }
            assert!(
                html.contains(&format!("<body data-board=\"{}\">", page.board().unwrap_or("?")))
            );
            assert!(html.contains(&format!("<h1>{}</h1>", page.name)));
            assert!(html.contains(&format!("<script>Boards.{}();</script>", board.start)));
        }
    }
}

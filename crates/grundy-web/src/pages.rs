//! The static pages, embedded in the binary.

use std::sync::Arc;

use axum::Router;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::AppState;

/// A file served as it is: its URL path, its content type and its text.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    text: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every page and file of the app.
const ASSETS: &[Asset] = &[
    Asset { path: "/", content_type: HTML, text: include_str!("../static/index.html") },
    Asset { path: "/wave", content_type: HTML, text: include_str!("../static/wave.html") },
    Asset { path: "/nim", content_type: HTML, text: include_str!("../static/nim.html") },
    Asset { path: "/dq-nim", content_type: HTML, text: include_str!("../static/dq-nim.html") },
    Asset { path: "/dots", content_type: HTML, text: include_str!("../static/dots.html") },
    Asset {
        path: "/node-kayles",
        content_type: HTML,
        text: include_str!("../static/node-kayles.html"),
    },
    Asset { path: "/cram", content_type: HTML, text: include_str!("../static/cram.html") },
    Asset { path: "/pictures", content_type: HTML, text: include_str!("../static/pictures.html") },
    Asset {
        path: "/static/style.css",
        content_type: CSS,
        text: include_str!("../static/style.css"),
    },
    Asset {
        path: "/static/common.js",
        content_type: JS,
        text: include_str!("../static/common.js"),
    },
    Asset {
        path: "/static/boards.js",
        content_type: JS,
        text: include_str!("../static/boards.js"),
    },
    Asset {
        path: "/static/pictures.js",
        content_type: JS,
        text: include_str!("../static/pictures.js"),
    },
];

/// The routes of every page and file, and a 404 page for the rest.
pub(crate) fn routes() -> Router<Arc<AppState>> {
    let mut router = Router::new();
    for asset in ASSETS {
        let (content_type, text) = (asset.content_type, asset.text);
        router = router.route(
            asset.path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], text) }),
        );
    }
    // `docs/lattice.svg` is this picture (a test of grundy-reductions compares them); drawn
    // here rather than included, so that the crate builds from its own package.
    let lattice = grundy_reductions::lattice_svg();
    router = router.route(
        "/static/lattice.svg",
        get(move || async move { ([(header::CONTENT_TYPE, SVG)], lattice) }),
    );
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
}

//! Keeps `docs/theorems.md` honest: every row has an id of its own and a status from the
//! catalogue's vocabulary; a checked claim names the tests that check it, and every test it names
//! exists; a claim not built yet names the issue that builds it and no test.

use std::collections::HashSet;
use std::path::Path;

/// The status of a claim whose code does not exist yet: `not implemented yet (issue: <title>)`.
const NOT_YET: &str = "not implemented yet (issue: ";

/// One row of the catalogue's table, split into its five cells.
struct Row<'a> {
    line: &'a str,
    id: &'a str,
    status: &'a str,
    checked_by: &'a str,
}

fn rows(catalogue: &str) -> Vec<Row<'_>> {
    catalogue
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| id ") && !l.starts_with("| ---"))
        .map(|line| {
            // `\|` inside a cell is an escaped bar, not a cell boundary.
            let cells: Vec<&str> = line.split(" | ").collect();
            assert!(cells.len() >= 5, "row with fewer than five cells: {line}");
            let last = cells[cells.len() - 1];
            Row {
                line,
                id: cells[0].trim_start_matches("| "),
                status: cells[cells.len() - 2],
                checked_by: last.strip_suffix(" |").unwrap_or(last),
            }
        })
        .collect()
}

/// The tests a cell names: `path/to/file.rs::name`, later ones in a cell `::name` (same file).
fn named_tests(checked_by: &str) -> Vec<(String, String)> {
    let mut tests = Vec::new();
    let mut file: Option<String> = None;
    for reference in checked_by.split('`').skip(1).step_by(2) {
        let (path, name) = match reference.split_once("::") {
            Some(("", name)) => (file.clone().expect("a path comes first"), name.to_owned()),
            Some((path, name)) => (path.to_owned(), name.to_owned()),
            None => panic!("reference without a test name: {reference}"),
        };
        file = Some(path.clone());
        tests.push((path, name));
    }
    tests
}

#[test]
fn every_test_named_by_the_catalogue_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let catalogue = std::fs::read_to_string(root.join("docs/theorems.md")).unwrap();
    let rows = rows(&catalogue);
    let mut ids = HashSet::new();
    let (mut checked, mut not_yet) = (0, 0);
    for row in &rows {
        let line = row.line;
        assert!(ids.insert(row.id), "id {} used twice: {line}", row.id);
        let tests = named_tests(row.checked_by);
        if row.status.starts_with("holds") || row.status.starts_with("false") {
            assert!(!tests.is_empty(), "a checked claim names no test: {line}");
            checked += 1;
        } else if let Some(issue) = row.status.strip_prefix(NOT_YET) {
            assert!(
                issue.len() > 1 && issue.ends_with(')'),
                "a claim not built yet must name its issue: {line}"
            );
            assert!(
                tests.is_empty() && row.checked_by.trim() == "—",
                "a claim not built yet is checked by no test (write —): {line}"
            );
            not_yet += 1;
        } else {
            panic!("row without a status from the vocabulary: {line}");
        }
        for (path, name) in tests {
            let source = std::fs::read_to_string(root.join(&path))
                .unwrap_or_else(|e| panic!("{path} named by the catalogue: {e}"));
            assert!(source.contains(&format!("fn {name}(")), "no test {name} in {path}");
        }
    }
    assert!(checked >= 20, "only {checked} checked rows");
    assert!(checked + not_yet == rows.len(), "every row is either checked or not built yet");
}

#[test]
fn the_vocabulary_is_stated_in_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let catalogue = std::fs::read_to_string(root.join("docs/theorems.md")).unwrap();
    let head: String = catalogue.lines().take(20).collect::<Vec<_>>().join("\n");
    for word in ["`holds", "`false: ", "`not implemented yet (issue: "] {
        assert!(head.contains(word), "the catalogue's head does not explain {word}");
    }
}

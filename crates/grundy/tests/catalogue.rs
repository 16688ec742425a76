//! Keeps `docs/theorems.md` honest: every test it names exists, and every row has a status.

use std::path::Path;

#[test]
fn every_test_named_by_the_catalogue_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let catalogue = std::fs::read_to_string(root.join("docs/theorems.md")).unwrap();
    let mut rows = 0;
    for line in catalogue
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| id ") && !l.starts_with("| ---"))
    {
        let cells: Vec<&str> = line.split(" | ").collect();
        let (status, checked_by) = (cells[cells.len() - 2], cells[cells.len() - 1]);
        assert!(
            status.starts_with("holds") || status.starts_with("false"),
            "row without a status: {line}"
        );
        // Each reference looks like `path/to/file.rs::name`, later ones in a cell `::name`.
        let mut file = None;
        for reference in checked_by.split('`').skip(1).step_by(2) {
            let (path, name) = match reference.split_once("::") {
                Some(("", name)) => (file.clone().expect("a path comes first"), name.to_owned()),
                Some((path, name)) => (path.to_owned(), name.to_owned()),
                None => panic!("reference without a test name: {reference}"),
            };
            let source = std::fs::read_to_string(root.join(&path))
                .unwrap_or_else(|e| panic!("{path} named by the catalogue: {e}"));
            assert!(source.contains(&format!("fn {name}(")), "no test {name} in {path}");
            file = Some(path);
        }
        rows += 1;
    }
    assert!(rows >= 20, "only {rows} rows");
}

//! One corpus of known values that every engine and method of the workspace is run against,
//! as regex runs each of its engines against one test suite.
//!
//! The cases live in text files under `corpus/` of this crate, embedded with `include_str!`,
//! one family per file and one case per line:
//!
//! | file | line | position |
//! | --- | --- | --- |
//! | `node_kayles.txt` | `NAME ORDER: u-v u-v ... = VALUE` | a graph on vertices `0..ORDER` |
//! | `cram.txt` | `BOARD = VALUE` | `RxC` (empty board) or rows of `.` (empty) and `#` (filled) joined by `/` |
//! | `chomp.txt` | `BAR = VALUE` | `RxC` (full bar) or column heights from the left, `4,3,3,1` |
//! | `octal.txt` | `CODE: V0 V1 V2 ...` | the values of heaps 0, 1, 2, ... of the octal game `CODE` |
//! | `crosswise_and.txt` | `MATRIX = VALUE` | rows of `0` and `1` joined by `/` (1 = green) |
//! | `nim.txt` | `H1 H2 ... = VALUE` | Nim heaps |
//!
//! A `VALUE` is a Grundy value as a number (`0`, `1`, `2`, ...). Lines starting with `#` are
//! comments; the comment lines just above a block of cases say where its values come from
//! (a published source, a closed form, or two independent engines that agree), and each case
//! carries them in [`Case::source`]. Every value is checked by the corpus tests of the engine
//! crates against plain recursion (`grundy_core::naive`) wherever the position is small
//! enough, and the larger ones against every engine.
//!
//! This crate depends on no grundy crate, so the positions are plain data: each engine crate
//! builds its own types from them.

use std::fmt;

/// A case of the corpus: a position, its known Grundy value, and where the value comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case<P> {
    /// The position.
    pub position: P,
    /// Its Grundy value.
    pub value: u64,
    /// The comment lines above the case's block (its source), joined by spaces.
    pub source: String,
    /// The line of the case in its file, from 1.
    pub line: usize,
}

/// A graph of the Node-Kayles family: vertices `0..order`, edges as pairs `u < v`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphCase {
    /// The name of the graph in the corpus (such as `path5` or `petersen`).
    pub name: String,
    /// The number of vertices.
    pub order: usize,
    /// The edges, each with its smaller end first, in the order of the file.
    pub edges: Vec<(usize, usize)>,
}

/// A rectangular board of cells (Cram's empty cells, or a Crosswise AND matrix's green
/// cells), row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCase {
    /// The text of the board in the corpus.
    pub text: String,
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// `cells[r][c]`: whether cell `(r, c)` is empty (Cram) or green, 1 (Crosswise AND).
    pub cells: Vec<Vec<bool>>,
}

/// A Chomp bar: a staircase given by its column heights from the left (never increasing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChompCase {
    /// The text of the bar in the corpus.
    pub text: String,
    /// The heights of the columns from the left, each at least 1, never increasing.
    pub column_heights: Vec<u32>,
}

/// An octal game and the values of its first heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCase {
    /// The code, such as `0.137`.
    pub code: String,
    /// The values of heaps `0, 1, 2, ...`.
    pub values: Vec<u64>,
    /// The comment lines above the case's block (its source), joined by spaces.
    pub source: String,
    /// The line of the case in its file, from 1.
    pub line: usize,
}

/// A line of a corpus file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusError {
    /// The file.
    pub file: &'static str,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "corpus/{} line {}: {}", self.file, self.line, self.reason)
    }
}

impl std::error::Error for CorpusError {}

/// The Node-Kayles graphs of `corpus/node_kayles.txt` with their values.
///
/// # Errors
///
/// The first line that cannot be read (a bad edge, a vertex out of range, a loop).
pub fn node_kayles() -> Result<Vec<Case<GraphCase>>, CorpusError> {
    const FILE: &str = "node_kayles.txt";
    cases(FILE, include_str!("../corpus/node_kayles.txt"), |text| {
        let (name, graph) = text.split_once(' ').ok_or("expected NAME ORDER: EDGES")?;
        let (order, edges) = graph.split_once(':').ok_or("expected ORDER: EDGES")?;
        let order: usize = order.trim().parse().map_err(|_| format!("bad order {order:?}"))?;
        let edges = edges
            .split_whitespace()
            .map(|edge| {
                let (u, v) = edge.split_once('-').ok_or(format!("bad edge {edge:?}"))?;
                let (u, v): (usize, usize) = match (u.parse(), v.parse()) {
                    (Ok(u), Ok(v)) => (u, v),
                    _ => return Err(format!("bad edge {edge:?}")),
                };
                if u == v || u.max(v) >= order {
                    return Err(format!("edge {edge:?} is a loop or leaves 0..{order}"));
                }
                Ok((u.min(v), u.max(v)))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(GraphCase { name: name.to_owned(), order, edges })
    })
}

/// The Cram boards of `corpus/cram.txt` (`true` = empty cell) with their values.
///
/// # Errors
///
/// The first line that cannot be read.
pub fn cram() -> Result<Vec<Case<BoardCase>>, CorpusError> {
    cases("cram.txt", include_str!("../corpus/cram.txt"), |text| board(text, '.', '#'))
}

/// The Crosswise AND matrices of `corpus/crosswise_and.txt` (`true` = 1, green) with their
/// values.
///
/// # Errors
///
/// The first line that cannot be read.
pub fn crosswise_and() -> Result<Vec<Case<BoardCase>>, CorpusError> {
    cases("crosswise_and.txt", include_str!("../corpus/crosswise_and.txt"), |text| {
        board(text, '1', '0')
    })
}

/// The Chomp bars of `corpus/chomp.txt` with their values.
///
/// # Errors
///
/// The first line that cannot be read (heights that increase, or a column of height 0).
pub fn chomp() -> Result<Vec<Case<ChompCase>>, CorpusError> {
    cases("chomp.txt", include_str!("../corpus/chomp.txt"), |text| {
        let column_heights: Vec<u32> = if let Some((r, c)) = rectangle(text) {
            let rows = u32::try_from(r).map_err(|_| "too many rows")?;
            vec![rows; c]
        } else {
            text.split(',')
                .map(|h| h.trim().parse().map_err(|_| format!("bad height {h:?}")))
                .collect::<Result<_, String>>()?
        };
        if column_heights.contains(&0) || column_heights.windows(2).any(|w| w[0] < w[1]) {
            return Err(format!("{text:?} is not a staircase"));
        }
        Ok(ChompCase { text: text.to_owned(), column_heights })
    })
}

/// The Nim positions of `corpus/nim.txt` (heaps) with their values.
///
/// # Errors
///
/// The first line that cannot be read.
pub fn nim() -> Result<Vec<Case<Vec<u64>>>, CorpusError> {
    cases("nim.txt", include_str!("../corpus/nim.txt"), |text| {
        text.split_whitespace()
            .map(|h| h.parse().map_err(|_| format!("bad heap {h:?}")))
            .collect::<Result<_, String>>()
    })
}

/// The octal games of `corpus/octal.txt` with the values of their first heaps.
///
/// # Errors
///
/// The first line that cannot be read.
pub fn octal() -> Result<Vec<OctalCase>, CorpusError> {
    const FILE: &str = "octal.txt";
    let mut out = Vec::new();
    for (line, source, text) in lines(include_str!("../corpus/octal.txt")) {
        let error = |reason: String| CorpusError { file: FILE, line, reason };
        let (code, values) = text.split_once(':').ok_or(error("expected CODE: VALUES".into()))?;
        let values = values
            .split_whitespace()
            .map(|v| v.parse().map_err(|_| error(format!("bad value {v:?}"))))
            .collect::<Result<_, _>>()?;
        out.push(OctalCase { code: code.trim().to_owned(), values, source, line });
    }
    Ok(out)
}

/// The data lines of a file: (line number, source comment, text), without blank lines.
fn lines(file: &str) -> Vec<(usize, String, &str)> {
    let mut out = Vec::new();
    let mut comment: Vec<&str> = Vec::new();
    let mut after_data = false;
    for (i, raw) in file.lines().enumerate() {
        let text = raw.trim();
        if let Some(c) = text.strip_prefix('#') {
            if after_data {
                comment.clear();
                after_data = false;
            }
            comment.push(c.trim());
        } else if !text.is_empty() {
            after_data = true;
            out.push((i + 1, comment.join(" "), text));
        }
    }
    out
}

/// The cases `POSITION = VALUE` of a file, each position read by `parse`.
fn cases<P>(
    file: &'static str,
    text: &str,
    parse: impl Fn(&str) -> Result<P, String>,
) -> Result<Vec<Case<P>>, CorpusError> {
    lines(text)
        .into_iter()
        .map(|(line, source, text)| {
            let error = |reason: String| CorpusError { file, line, reason };
            let (position, value) =
                text.rsplit_once('=').ok_or_else(|| error("expected POSITION = VALUE".into()))?;
            let value =
                value.trim().parse().map_err(|_| error(format!("bad value {:?}", value.trim())))?;
            let position = parse(position.trim()).map_err(error)?;
            Ok(Case { position, value, source, line })
        })
        .collect()
}

/// `RxC` as (rows, columns).
fn rectangle(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.split_once('x')?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// A board: `RxC` (every cell `true`) or rows of `yes` and `no` characters joined by `/`.
fn board(text: &str, yes: char, no: char) -> Result<BoardCase, String> {
    let cells: Vec<Vec<bool>> = if let Some((rows, cols)) = rectangle(text) {
        vec![vec![true; cols]; rows]
    } else {
        text.split('/')
            .map(|row| {
                row.trim()
                    .chars()
                    .map(|ch| match ch {
                        c if c == yes => Ok(true),
                        c if c == no => Ok(false),
                        c => Err(format!("bad cell {c:?} (expected {yes:?} or {no:?})")),
                    })
                    .collect()
            })
            .collect::<Result<_, String>>()?
    };
    let cols = cells.first().map_or(0, Vec::len);
    if cells.iter().any(|row| row.len() != cols) {
        return Err(format!("{text:?}: rows of different lengths"));
    }
    Ok(BoardCase { text: text.to_owned(), rows: cells.len(), cols, cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_reads() {
        let families = [
            node_kayles().map(|c| c.len()),
            cram().map(|c| c.len()),
            chomp().map(|c| c.len()),
            crosswise_and().map(|c| c.len()),
            nim().map(|c| c.len()),
            octal().map(|c| c.len()),
        ];
        for family in families {
            assert!(family.as_ref().is_ok_and(|&n| n >= 3), "{family:?}");
        }
        // Every case names its source.
        assert!(node_kayles().unwrap().iter().all(|c| !c.source.is_empty()));
        assert!(cram().unwrap().iter().all(|c| !c.source.is_empty()));
        assert!(chomp().unwrap().iter().all(|c| !c.source.is_empty()));
        assert!(crosswise_and().unwrap().iter().all(|c| !c.source.is_empty()));
        assert!(nim().unwrap().iter().all(|c| !c.source.is_empty()));
        assert!(octal().unwrap().iter().all(|c| !c.source.is_empty()));
    }

    #[test]
    fn the_parsers_read_what_the_files_hold() {
        let text = "# one\n# two\na 3: 0-1 2-1 = 2\n\n# three\nb 2: = 0\n";
        let graphs = cases("t", text, |t| Ok(t.to_owned())).unwrap();
        assert_eq!(graphs[0].source, "one two");
        assert_eq!((graphs[0].value, graphs[0].line), (2, 3));
        assert_eq!(graphs[1].source, "three");
        let b = board("../.#", '.', '#').unwrap();
        assert_eq!((b.rows, b.cols), (2, 2));
        assert_eq!(b.cells, vec![vec![true, true], vec![true, false]]);
        assert_eq!(board("2x3", '.', '#').unwrap().cells, vec![vec![true; 3]; 2]);
        assert!(board("../.", '.', '#').is_err());
        assert!(board("..x", '.', '#').is_err());
        let bad = cases("t", "x = y\n", |t| Ok(t.to_owned())).unwrap_err();
        assert_eq!(bad.to_string(), "corpus/t line 1: bad value \"y\"");
        assert!(cases("t", "no value\n", |t| Ok(t.to_owned())).is_err());
    }
}

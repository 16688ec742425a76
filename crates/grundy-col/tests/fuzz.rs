//! Fuzz targets for the text forms of grundy-col: binary trees `u(x,y)` ([`BinaryTree`]),
//! colour lists `u b r` ([`parse_colours`], then [`Colouring::from_colours`]), arc lists
//! `0>1 1>2` with or without an `n:` prefix ([`Digraph`], [`Digraph::parse_arcs`]) and the two
//! texts of a Myopic Col position ([`MyopicCol::parse`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed value prints to a text that
//! parses back to it (trees, digraphs; a colour list printed one letter a vertex), the
//! documented limits (at most [`MAX_TREE_VERTICES`] vertices in a tree, at most
//! [`MAX_VERTICES`] in a digraph or colouring), the case ends within a time bound and the
//! process's peak resident memory stays under 1 GiB. Allocation bound (from the code):
//! O(input length) for every parser, at most 24 bytes per input character: the tree reader
//! keeps the non-blank characters with their columns (16 bytes each) and a tree of at most
//! 1024 vertices (its depth, and so the reader's and printer's recursion, is at most 1024); a
//! colour list is one byte per letter; an arc list keeps one `(column, &str)` (24 bytes) per
//! token and a digraph of at most 64 `u64` masks.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-col --test fuzz`.

use grundy_col::{
    BinaryTree, Colouring, Digraph, MAX_TREE_VERTICES, MAX_VERTICES, MyopicCol, parse_colours,
};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "u",
    "u(u,r)",
    "u(u(b),r)",
    "u( u(b) , r )",
    "u(,b)",
    "b(u(u(r)),u(,u))",
    "U(R,B)",
    "u u r u b",
    "uurub",
    "B r U",
    "0>1 1>2 0>2",
    "4: 0>1 2>1",
    "0>1,1>2",
    "64: 0>63",
    "63>0 0>62",
    "3:",
];
const PIECES: &[&str] = &[
    "u", "b", "r", "U", "(", ")", ",", " ", ">", ":", "0", "1", "9", "63", "64", "65", "u(u,r)",
    "0>1", "1>0",
];

/// A parsed tree: within the limits, printed and read back the same, and its canonical form
/// (printed smaller subtrees last) is a fixed point.
fn check_tree(tree: &BinaryTree) {
    assert!((1..=MAX_TREE_VERTICES).contains(&tree.len()));
    round_trips(tree);
    let canonical = tree.canonical();
    assert_eq!(canonical.len(), tree.len());
    assert_eq!(canonical.canonical(), canonical);
    if let Ok((digraph, colouring)) = tree.to_digraph() {
        assert_eq!(digraph.order(), tree.len());
        assert_eq!(digraph.arc_count(), tree.len() - 1);
        assert_eq!(
            colouring.to_string(),
            tree.colours().iter().map(|c| c.letter()).collect::<String>()
        );
    }
}

/// A parsed digraph: within the limits and read back the same.
fn check_digraph(digraph: &Digraph, text: &str) {
    assert!(digraph.order() <= MAX_VERTICES);
    assert!(digraph.arc_count() <= text.len());
    round_trips(digraph);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_tree(text in inputs("[ubrUBRx(), ]{0,40}", SEEDS, PIECES)) {
        if let Ok(tree) = bounded(&text, str::parse::<BinaryTree>) {
            check_tree(&tree);
        }
    }

    #[test]
    fn fuzz_colours(text in inputs("[ubrUBRx .,\n]{0,70}", SEEDS, PIECES)) {
        if let Ok(colours) = bounded(&text, parse_colours) {
            assert!(colours.len() <= text.chars().count());
            let letters: String = colours.iter().map(|c| c.letter()).collect();
            assert_eq!(parse_colours(&letters).as_ref(), Ok(&colours));
            match Colouring::from_colours(&colours) {
                Ok(colouring) => assert_eq!(colouring.to_string(), letters),
                Err(_) => assert!(colours.len() > MAX_VERTICES),
            }
        }
    }

    #[test]
    fn fuzz_digraph(text in inputs("([0-9]{1,2} ?: ?)?[0-9>, \\-:]{0,40}", SEEDS, PIECES)) {
        if let Ok(digraph) = bounded(&text, str::parse::<Digraph>) {
            check_digraph(&digraph, &text);
        }
    }

    #[test]
    fn fuzz_arcs_on_order(
        text in inputs("[0-9>, \\-]{0,40}", SEEDS, PIECES),
        order in prop_oneof![0usize..=8, 60usize..=70, Just(usize::MAX)],
    ) {
        let parsed = bounded(&text, |t| Digraph::parse_arcs(t, order));
        if order > MAX_VERTICES {
            assert!(parsed.is_err(), "an order beyond the limit, whatever the text");
        }
        if let Ok(digraph) = parsed {
            assert_eq!(digraph.order(), order);
            check_digraph(&digraph, &text);
        }
    }

    #[test]
    fn fuzz_myopic_col(
        arcs in inputs("[0-9>, ]{0,30}", SEEDS, PIECES),
        colours in inputs("[ubr ]{0,70}", SEEDS, PIECES),
    ) {
        let both = format!("{arcs:?} / {colours:?}");
        if let Ok((game, position)) = bounded(&both, |_| MyopicCol::parse(&arcs, &colours)) {
            let letters = parse_colours(&colours).expect("the colours parsed");
            assert_eq!(game.digraph().order(), letters.len());
            assert_eq!(position, Colouring::from_colours(&letters).expect("at most 64 colours"));
            check_digraph(game.digraph(), &arcs);
        }
    }
}

/// Deep trees, long colour lists and arc lists with huge vertices are refused (or read)
/// without allocating beyond the bounds.
#[test]
fn long_inputs_stay_within_bounds() {
    // The deepest tree allowed: a path of 1024 vertices, read, printed and made canonical.
    let depth = MAX_TREE_VERTICES - 1;
    let deepest = format!("{}u{}", "u(".repeat(depth), ")".repeat(depth));
    let tree = bounded(&deepest, str::parse::<BinaryTree>).expect("1024 vertices are allowed");
    check_tree(&tree);
    let deeper = format!("u({deepest})");
    assert!(bounded(&deeper, str::parse::<BinaryTree>).is_err());
    for text in [
        "u(".repeat(50_000),
        "u(u,".repeat(20_000),
        format!("u({})", "u,".repeat(100_000)),
        "(".repeat(100_000),
    ] {
        assert!(bounded(&text, str::parse::<BinaryTree>).is_err(), "{text:.40}");
    }

    let letters = "u".repeat(100_000);
    let colours = bounded(&letters, parse_colours).expect("letters");
    assert_eq!(colours.len(), 100_000);
    assert!(Colouring::from_colours(&colours).is_err());
    assert!(bounded(&letters, |c| MyopicCol::parse("0>1", c)).is_err());

    let long = "9".repeat(100_000);
    for text in [
        format!("{long}>1"),
        format!("0>{long}"),
        format!("{long}: 0>1"),
        "18446744073709551615>0".to_owned(),
        "0>18446744073709551616".to_owned(),
        "18446744073709551615: 0>1".to_owned(),
        "65: 0>1".to_owned(),
        "0>64".to_owned(),
        "0>1 ".repeat(20_000),
        format!("{} 5>5", (1..64).map(|v| format!("0>{v}")).collect::<Vec<_>>().join(",")),
    ] {
        assert!(bounded(&text, str::parse::<Digraph>).is_err(), "{text:.40}");
    }
    // Every arc of 64 vertices: 4032 arcs, read and printed.
    let all: Vec<String> = (0..MAX_VERTICES)
        .flat_map(|u| (0..MAX_VERTICES).filter(move |&v| v != u).map(move |v| format!("{u}>{v}")))
        .collect();
    let text = all.join(" ");
    let digraph = bounded(&text, str::parse::<Digraph>).expect("the complete digraph");
    assert_eq!(digraph.arc_count(), MAX_VERTICES * (MAX_VERTICES - 1));
    check_digraph(&digraph, &text);
    assert!(bounded(&text, |t| Digraph::parse_arcs(t, usize::MAX)).is_err());
}

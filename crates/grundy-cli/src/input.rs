//! Positions given as files or on standard input: `-` reads standard input, `@FILE` reads a
//! file, and any other argument is the position itself.

use std::io::Read as _;

/// The most bytes read from a file or standard input, so that a wrong file (a disk image,
/// `/dev/zero`) is an error rather than an exhausted memory.
pub(crate) const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The text `arg` stands for: standard input for `-`, the file's contents for `@FILE`,
/// otherwise `arg` itself. `what` names the argument in errors.
pub(crate) fn read_arg(what: &str, arg: &str) -> Result<String, String> {
    if arg == "-" {
        return read_limited(what, "standard input", std::io::stdin().lock());
    }
    let Some(path) = arg.strip_prefix('@') else { return Ok(arg.to_owned()) };
    let file =
        std::fs::File::open(path).map_err(|e| format!("{what}: cannot read '{path}': {e}"))?;
    read_limited(what, &format!("'{path}'"), file)
}

/// All of `reader` as UTF-8 text, refused beyond [`MAX_INPUT_BYTES`].
fn read_limited(what: &str, source: &str, reader: impl std::io::Read) -> Result<String, String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{what}: cannot read {source}: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!("{what}: {source} is larger than {} MiB", MAX_INPUT_BYTES >> 20));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!("{what}: {source} is not UTF-8 text (byte {} is not)", e.utf8_error().valid_up_to())
    })
}

/// The graphs of a graph6 text as nauty writes it: one graph per line, with an optional
/// `>>graph6<<` header, blank lines skipped. Each comes with its line number (from 1).
pub(crate) fn graph6_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.strip_prefix(">>graph6<<").unwrap_or(line).trim();
        (!line.is_empty()).then_some((i + 1, line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_arguments_are_the_position() {
        assert_eq!(read_arg("position", "gpg/ggg").unwrap(), "gpg/ggg");
    }

    #[test]
    fn files_are_read_and_missing_ones_named() {
        let path = std::env::temp_dir().join(format!("grundy-input-{}.txt", std::process::id()));
        std::fs::write(&path, "ggp\npgg\n").unwrap();
        let arg = format!("@{}", path.display());
        assert_eq!(read_arg("position", &arg).unwrap(), "ggp\npgg\n");
        std::fs::remove_file(&path).unwrap();
        let err = read_arg("position", &arg).unwrap_err();
        assert!(
            err.starts_with("position: cannot read '") && err.contains("grundy-input"),
            "{err}"
        );
    }

    #[test]
    fn graph6_lines_skip_the_header_and_blank_lines() {
        let lines: Vec<_> = graph6_lines(">>graph6<<Dhc\n\nC~\r\n").collect();
        assert_eq!(lines, [(1, "Dhc"), (3, "C~")]);
    }
}

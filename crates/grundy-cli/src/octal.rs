//! `grundy octal 0.137 --upto 1000`, `grundy octal 0.137 17 20` and `grundy dots '..x....'`.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use grundy::SolveError;
use grundy::octal::{Dots, Heaps, Method, Octal, OctalError, Periodicity, Rules, Sequence};

use crate::exit::{self, Failure, Limits, parse_seconds};
use crate::report::{MoveLine, Report, move_lines};

/// How many values a period search may compute when the user asks for fewer.
const PERIOD_SEARCH: usize = 1 << 16;

/// A chunk of values computed between two looks at the clock and at Ctrl-C doubles while it
/// takes less than this.
const CHUNK_TIME: Duration = Duration::from_millis(20);

/// The most values computed between two looks at the clock and at Ctrl-C.
const MAX_CHUNK: usize = 1 << 16;

/// Arguments of `grundy octal`.
#[derive(Debug, clap::Args)]
pub(crate) struct OctalArgs {
    /// The game: an octal code, e.g. 0.137 (Dawson's chess), 0.77 (Kayles), 4.07, hexadecimal
    /// codes as 0x0.8f; a subtraction set such as '{1,2,5}'; or 'grundy' for Grundy's game
    code: String,
    /// Heap sizes of a position to solve; without them, the Grundy sequence is printed
    heaps: Vec<String>,
    /// Print the values of heaps 0 to N (when no position is given)
    #[arg(long, value_name = "N", default_value_t = 100)]
    upto: usize,
    /// How to compute the sequence: fast (rare and common values, proved periods used as soon
    /// as found), rare-common (the same without periods: every value computed), or plain
    #[arg(long, value_enum, default_value_t = MethodArg::Fast)]
    method: MethodArg,
    /// Draw the values against n as an SVG picture in FILE (with --upto)
    #[arg(long, value_name = "FILE")]
    plot: Option<std::path::PathBuf>,
    /// Give up after this many seconds, fractions allowed (e.g. 2.5), looked at every 4096
    /// values; values are computed, not searched, so there is no --max-nodes [default: no
    /// limit]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// The `--method` of `grundy octal`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum MethodArg {
    /// Rare and common values, and proved periods
    Fast,
    /// Rare and common values only
    RareCommon,
    /// The definition
    Plain,
}

impl From<MethodArg> for Method {
    fn from(arg: MethodArg) -> Self {
        match arg {
            MethodArg::Fast => Method::Fast,
            MethodArg::RareCommon => Method::RareCommon,
            MethodArg::Plain => Method::Plain,
        }
    }
}

/// Arguments of `grundy dots`.
#[derive(Debug, clap::Args)]
pub(crate) struct DotsArgs {
    /// The row: '.' for a free dot, 'x' for a marked one, e.g. '..x.....'
    row: String,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
}

/// Why a computation of values ended early.
enum Stop {
    /// The time limit or Ctrl-C.
    Limit(SolveError),
    /// The library refused.
    Octal(OctalError),
}

impl From<OctalError> for Stop {
    fn from(e: OctalError) -> Self {
        Stop::Octal(e)
    }
}

/// Extends `seq` to `len` values a chunk at a time, looking at the clock and at Ctrl-C
/// between chunks. A chunk starts at 64 values and doubles while one takes less than
/// [`CHUNK_TIME`], so that slow rules (the plain method of codes that split in three is
/// cubic) are still stopped on time.
fn extend_within(seq: &mut Sequence, len: usize, limits: &Limits) -> Result<(), Stop> {
    exit::set_searching(true);
    let mut chunk = 64_usize;
    let result = loop {
        if seq.len() >= len {
            break Ok(());
        }
        if let Some(e) = limits.expired() {
            break Err(Stop::Limit(e));
        }
        let started = Instant::now();
        if let Err(e) = seq.extend_to(len.min(seq.len().saturating_add(chunk))) {
            break Err(Stop::Octal(e));
        }
        if started.elapsed() < CHUNK_TIME {
            chunk = chunk.saturating_mul(2).min(MAX_CHUNK);
        }
    };
    exit::set_searching(false);
    result
}

/// Seeks a period as [`Sequence::find_period`] does (doubling the values computed up to
/// `limit`), with the values computed by [`extend_within`].
fn seek_period(
    seq: &mut Sequence,
    limit: usize,
    limits: &Limits,
) -> Result<Option<Periodicity>, Stop> {
    if seq.rules().unequal_splits() {
        // The library's answer, without computing anything.
        return Ok(seq.find_period(limit)?);
    }
    let mut step = seq.len().max(64).min(limit);
    loop {
        extend_within(seq, step, limits)?;
        match seq.find_period(step)? {
            Some(p) => return Ok(Some(p)),
            None if step >= limit => return Ok(None),
            None => step = step.saturating_mul(2).min(limit),
        }
    }
}

/// The report of a computation of `seq` stopped by `error`.
fn stopped(limits: &Limits, error: &SolveError, seq: &Sequence) -> Failure {
    let proved =
        vec![format!("computed G(0) .. G({}) of {}", seq.len().saturating_sub(1), seq.rules())];
    limits.stopped(error, proved).into()
}

pub(crate) fn octal(args: &OctalArgs) -> Result<String, Failure> {
    let code: Rules = args.code.parse().map_err(|e: OctalError| e.to_string())?;
    let limits = Limits::clock(args.time_limit);
    if args.heaps.is_empty() {
        return sequence(code, args, &limits);
    }
    if args.plot.is_some() {
        return Err("--plot draws the sequence: give no heaps with it".into());
    }
    let position: Heaps = args.heaps.join(" ").parse().map_err(|e: OctalError| e.to_string())?;
    let largest = position.heaps().iter().copied().max().unwrap_or(0);
    let mut seq = Sequence::for_rules_with_method(code.clone(), args.method.into());
    // A proved period answers heaps of any size; codes that split in three and games with
    // unequal splits have none here.
    // (A period search stopped by the time limit falls through to the values themselves,
    // which stop at once too.)
    let _ = seek_period(&mut seq, PERIOD_SEARCH, &limits);
    if seq.period().is_none() {
        let upto = usize::try_from(largest).map_err(|_| format!("heap {largest} is too large"))?;
        match extend_within(&mut seq, upto.saturating_add(1), &limits) {
            Ok(()) => {}
            Err(Stop::Limit(e)) => return Err(stopped(&limits, &e, &seq)),
            Err(Stop::Octal(e)) => return Err(e.to_string().into()),
        }
    }
    let game = Octal::from_sequence(seq);
    let value = game.value(&position).ok_or("a heap's value is not known")?;
    let (moves, note) = match game.winning_moves(&position) {
        Ok(moves) => (moves, None),
        Err(e @ OctalError::HeapTooLarge { .. }) => (Vec::new(), Some(e.to_string())),
        Err(e) => return Err(e.to_string().into()),
    };
    let winning_moves = move_lines(&game, &position, &moves);
    let position_text = format!("{} on {}", game.rules(), position);
    let report = Report { note, ..Report::normal("octal", position_text, value, winning_moves) };
    Ok(report.render(args.json))
}

fn sequence(code: Rules, args: &OctalArgs, limits: &Limits) -> Result<String, Failure> {
    let len = args.upto.checked_add(1).ok_or("--upto is too large")?;
    let mut seq = Sequence::for_rules_with_method(code.clone(), args.method.into());
    match extend_within(&mut seq, len, limits) {
        Ok(()) => {}
        Err(Stop::Limit(e)) => return Err(stopped(limits, &e, &seq)),
        Err(Stop::Octal(e)) => return Err(e.to_string().into()),
    }
    // The values asked for are all computed: a period search that the time limit stops
    // leaves the period unknown, and says so.
    let mut period_stopped = None;
    let period = match seek_period(&mut seq, len.max(PERIOD_SEARCH), limits) {
        Ok(p) => p,
        Err(Stop::Octal(
            OctalError::ThreeWaySplits { .. } | OctalError::NoPeriodicityTheorem { .. },
        )) => None,
        Err(Stop::Octal(e)) => return Err(e.to_string().into()),
        Err(Stop::Limit(e)) => {
            period_stopped = Some(e);
            None
        }
    };
    if let Some(path) = &args.plot {
        std::fs::write(path, svg(&seq.values()[..len], &seq.rules().to_string()))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    let values = &seq.values()[..len];
    let mut out = String::new();
    if args.json {
        let list: Vec<String> = values.iter().map(u32::to_string).collect();
        let _ = write!(out, "{{\"code\":\"{}\",\"values\":[{}]", seq.rules(), list.join(","));
        match period {
            Some(p) => {
                let _ = write!(
                    out,
                    ",\"period\":{{\"preperiod\":{},\"period\":{},\"max_take\":{},\"bound\":{},\"values_checked\":{}}}}}",
                    p.preperiod(),
                    p.period(),
                    p.max_take(),
                    p.bound(),
                    p.values_checked()
                );
            }
            None => out.push_str(",\"period\":null}"),
        }
        out.push('\n');
        return Ok(out);
    }
    let _ = writeln!(out, "code      {}", seq.rules());
    let _ = writeln!(out, "values    G(0) .. G({}), ten to a line:", args.upto);
    let width = values.iter().max().map_or(1, |m| m.to_string().len());
    for (row, chunk) in values.chunks(10).enumerate() {
        let _ = write!(out, "  {:>6} |", row * 10);
        for v in chunk {
            let _ = write!(out, " {v:>width$}");
        }
        out.push('\n');
    }
    match period {
        Some(p) => {
            let _ = writeln!(
                out,
                "period    {}, pre-period {} (periodic from heap {} on)",
                p.period(),
                p.preperiod(),
                p.preperiod()
            );
            let (n0, pp) = p.proved();
            let _ = writeln!(
                out,
                "proof     periodicity theorem (Guy and Smith 1956) with n0 = {n0}, p = {pp}, t = {}: \
                 G(n + {pp}) = G(n) checked for {n0} <= n < 2*{n0} + {pp} + {} = {} ({} values computed)",
                p.max_take(),
                p.max_take(),
                p.bound(),
                p.values_checked()
            );
        }
        None if seq.rules().unequal_splits() => {
            out.push_str("period    not sought: no periodicity theorem covers unequal splits\n");
        }
        None => {
            let searched = match period_stopped {
                Some(_) => seq.len(),
                None => seq.len().max(len.max(PERIOD_SEARCH)),
            };
            let _ = write!(out, "period    none proved within {searched} values");
            match period_stopped {
                Some(SolveError::Cancelled) => out.push_str(" (search stopped by Ctrl-C)\n"),
                Some(_) => out.push_str(" (search stopped at the time limit)\n"),
                None => out.push('\n'),
            }
        }
    }
    Ok(out)
}

/// A scatter plot of `values` against n, as a standalone SVG document.
fn svg(values: &[u32], title: &str) -> String {
    let (w, h, margin) = (900.0_f64, 360.0_f64, 40.0_f64);
    let max_n = values.len().saturating_sub(1).max(1) as f64;
    let max_v = f64::from(values.iter().copied().max().unwrap_or(0).max(1));
    let x = |n: usize| margin + (w - 2.0 * margin) * n as f64 / max_n;
    let y = |v: u32| h - margin - (h - 2.0 * margin) * f64::from(v) / max_v;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="20" text-anchor="middle">Grundy values of {title}, n = 0 .. {}</text>"#,
        w / 2.0,
        values.len().saturating_sub(1)
    );
    let (x0, y0, x1, y1) = (margin, h - margin, w - margin, margin);
    let _ =
        writeln!(out, r#"<path d="M{x0} {y1} L{x0} {y0} L{x1} {y0}" stroke="black" fill="none"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">{max_v}</text>"#,
        x0 - 4.0,
        y1 + 4.0
    );
    let _ = writeln!(out, r#"<text x="{}" y="{}" text-anchor="end">0</text>"#, x0 - 4.0, y0 + 4.0);
    let _ = writeln!(out, r#"<text x="{x1}" y="{}" text-anchor="end">{max_n}</text>"#, y0 + 16.0);
    let r = if values.len() > 2000 { 0.8 } else { 1.6 };
    out.push_str(r##"<g fill="#1f5fa8">"##);
    for (n, &v) in values.iter().enumerate() {
        let _ = write!(out, r#"<circle cx="{:.1}" cy="{:.1}" r="{r}"/>"#, x(n), y(v));
    }
    out.push_str("</g>\n</svg>\n");
    out
}

pub(crate) fn dots(args: &DotsArgs) -> Result<String, String> {
    let row: Dots = args.row.parse().map_err(|e: OctalError| e.to_string())?;
    let value = row.value().map_err(|e| e.to_string())?;
    let winning = row.winning_dots().map_err(|e| e.to_string())?;
    let winning_moves = winning
        .into_iter()
        .map(|i| {
            let after = row.mark(i).map_err(|e| e.to_string())?;
            let runs: Vec<String> = after.heaps().iter().map(u64::to_string).collect();
            Ok(MoveLine {
                text: format!("mark dot {}", i + 1),
                result: format!(
                    "{after} (runs: {})",
                    if runs.is_empty() { "none".to_owned() } else { runs.join(" ") }
                ),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let ruleset = "dots (node-kayles on a path, octal 0.137)";
    let report = Report::normal(ruleset, row.to_string(), value, winning_moves);
    Ok(report.render(args.json))
}

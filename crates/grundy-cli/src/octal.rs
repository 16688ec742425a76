//! `grundy octal 0.137 --upto 1000`, `grundy octal 0.137 17 20` and `grundy dots '..x....'`.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use grundy::SolveError;
use grundy::octal::{
    Dots, Heaps, MAX_LEN, Octal, OctalError, Periodicity, Rules, Sequence, SequenceMethod,
};
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;

use crate::exit::{self, Failure, Limits, parse_seconds};
use crate::memory::check_memory;
use serde_json::{Value, json};

use crate::report::{MoveLine, Report, data, json_line, move_lines};

/// How many values a period search may compute when the user asks for fewer.
const PERIOD_SEARCH: usize = 1 << 16;

/// A chunk of values computed between two looks at the clock and at Ctrl-C doubles while it
/// takes less than this.
const CHUNK_TIME: Duration = Duration::from_millis(20);

/// The most values computed between two looks at the clock and at Ctrl-C.
const MAX_CHUNK: usize = 1 << 16;

/// The bytes one heap of a sequence may take while it is computed and printed, at most: its
/// value (4 bytes in the sequence's `Vec<u32>`, and up to 4 more while the vector doubles its
/// capacity), the byte and 16-bit copies of small values that the fast method keeps (3), and
/// the printed value with its separator (5: three digits and a space, or a comma, and the
/// line headers). The fast method's list of rare heaps (8 bytes each) is left out: rare
/// heaps are few, which is what the method relies on.
const BYTES_PER_HEAP: u64 = 16;

/// Checks that the first `len` values of a sequence can be computed: that they fit in memory
/// ([`check_memory`], `per_heap` bytes each) and that the library stores that many
/// ([`MAX_LEN`]). Refusing here, before any value is computed, answers at once where the
/// computation would run for minutes before failing, or run out of memory.
fn check_len(what: &str, len: u64, per_heap: u64) -> Result<(), String> {
    check_memory(what, len, per_heap)?;
    match usize::try_from(len) {
        Ok(n) if n <= MAX_LEN => Ok(()),
        _ => {
            let len = usize::try_from(len).unwrap_or(usize::MAX);
            Err(format!("{what}: {}", OctalError::TooLong { len, max: MAX_LEN }))
        }
    }
}

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

impl From<MethodArg> for SequenceMethod {
    fn from(arg: MethodArg) -> Self {
        match arg {
            MethodArg::Fast => SequenceMethod::Fast,
            MethodArg::RareCommon => SequenceMethod::RareCommon,
            MethodArg::Plain => SequenceMethod::Plain,
        }
    }
}

/// Arguments of `grundy dots`.
#[derive(Debug, clap::Args)]
pub(crate) struct DotsArgs {
    /// The row: '.' for a free dot, 'x' for a marked one, e.g. '..x.....'. For rows of more
    /// than 256 dots each winning move gives only the runs it leaves (JSON: "to" is null)
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
/// between chunks. A chunk starts at 64 values and doubles while one takes less than half of
/// [`CHUNK_TIME`]; a slower one sizes the next from its cost per value, so that slow rules
/// (the plain method of codes that split in three is cubic) are still stopped on time.
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
        let before = seq.len();
        if let Err(e) = seq.extend_to(len.min(seq.len().saturating_add(chunk))) {
            break Err(Stop::Octal(e));
        }
        let took = started.elapsed();
        chunk = if took < CHUNK_TIME / 2 {
            chunk.saturating_mul(2).min(MAX_CHUNK)
        } else {
            // Values get dearer as heaps grow: aim the next chunk at CHUNK_TIME from the
            // cost per value just measured (a doubling chunk of 65536 values overshot a
            // 0.2 s limit by 4 s at a million values).
            let done = (seq.len() - before).max(1) as u128;
            let fit = done * CHUNK_TIME.as_nanos() / took.as_nanos().max(1);
            usize::try_from(fit)
                .unwrap_or(usize::MAX)
                .clamp(1, chunk.saturating_mul(2).min(MAX_CHUNK))
        };
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
        check_len(&format!("heap {largest}"), largest.saturating_add(1), BYTES_PER_HEAP)?;
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
    let report = Report {
        note,
        ..Report::normal("octal", position_text, data(&position), value, winning_moves)
    };
    Ok(report.render(args.json))
}

fn sequence(code: Rules, args: &OctalArgs, limits: &Limits) -> Result<String, Failure> {
    let len = args.upto.checked_add(1).ok_or("--upto is too large")?;
    // A `--plot` picture has at most one point per pixel: its size does not grow with --upto.
    check_len(&format!("--upto {}", args.upto), len as u64, BYTES_PER_HEAP)?;
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
        Err(Stop::Octal(OctalError::NoPeriodicityTheorem { .. })) => None,
        Err(Stop::Octal(e)) => return Err(e.to_string().into()),
        Err(Stop::Limit(e)) => {
            period_stopped = Some(e);
            None
        }
    };
    // Why no period is reported, when none is.
    let no_period = if seq.rules().unequal_splits() {
        "not sought: no periodicity theorem covers unequal splits".to_owned()
    } else {
        let searched = match period_stopped {
            Some(_) => seq.len(),
            None => seq.len().max(len.max(PERIOD_SEARCH)),
        };
        let why = match period_stopped {
            Some(SolveError::Cancelled) => " (search stopped by Ctrl-C)",
            Some(_) => " (search stopped at the time limit)",
            None => "",
        };
        format!("none proved within {searched} values{why}")
    };
    if let Some(path) = &args.plot {
        let picture =
            plot(&seq.values()[..len], &seq.rules().to_string(), period.as_ref(), &no_period)?;
        std::fs::write(path, picture)
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    let values = &seq.values()[..len];
    let mut out = String::new();
    if args.json {
        let period = period.as_ref().map(|p| {
            json!({
                "preperiod": p.preperiod(),
                "period": p.period(),
                "max_take": p.max_take(),
                "bound": p.bound(),
                "values_checked": p.values_checked(),
            })
        });
        let mut report =
            json!({ "code": seq.rules().to_string(), "values": values, "period": period });
        if report["period"].is_null() {
            report["no_period"] = Value::from(no_period);
        }
        return Ok(json_line(&report));
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
        None => {
            let _ = writeln!(out, "period    {no_period}");
        }
    }
    Ok(out)
}

/// Width and height of a `--plot` picture, in pixels.
const PLOT_SIZE: (u32, u32) = (1000, 480);

/// The most period boundaries drawn: beyond, every second, third, ... boundary is drawn.
const MAX_BOUNDARIES: usize = 40;

/// About how many ticks an axis gets.
const TICKS: u64 = 10;

/// Multiples of a round step (1, 2 or 5 times a power of ten) from 0 to `max`, about
/// [`TICKS`] of them: the ticks of an axis.
fn ticks(max: u64) -> Vec<f64> {
    let mut step = 1u64;
    'search: loop {
        for m in [1, 2, 5] {
            let s = step.saturating_mul(m);
            if max / s <= TICKS || s == u64::MAX {
                step = s;
                break 'search;
            }
        }
        step = step.saturating_mul(10);
    }
    // Below 2^53 every tick is exact; heaps never come near.
    #[allow(clippy::cast_precision_loss)]
    (0..=max / step).map(|k| (k * step) as f64).collect()
}

/// An axis of a `--plot` picture: a linear map of `range` to pixels, with ticks at given
/// values (plotters' own choice of ticks for real ranges may fall between integers).
struct Axis {
    /// The values at the two ends of the axis.
    range: std::ops::Range<f64>,
    /// Where the ticks and their labels go.
    ticks: Vec<f64>,
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.range.end - self.range.start;
        let fraction = if span > 0.0 { (value - self.range.start) / span } else { 0.0 };
        let pixel = f64::from(limit.0) + fraction * f64::from(limit.1 - limit.0);
        // Pixels of a picture of PLOT_SIZE: far inside i32 (clamped for points off the axis).
        #[allow(clippy::cast_possible_truncation)]
        let pixel = pixel.round().clamp(-1e6, 1e6) as i32;
        pixel
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // Ticks only: no light grid lines.
        if hint.weight().allow_light_points() { Vec::new() } else { self.ticks.clone() }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.range.clone()
    }
}

/// The `--plot` picture of `values` (heaps `0 .. values.len()`) of the game `code`, as an SVG
/// document: one point per heap (heaps that fall on a pixel already drawn are skipped); with
/// a `period`, the pre-period shaded and a vertical line at each period boundary, both named
/// in a legend; without one, no marks, "no period known" in the title and `no_period` (why
/// there is none) in a note.
///
/// The same arguments give the same bytes.
///
/// # Errors
///
/// A drawing error of plotters, as a message.
#[allow(clippy::cast_precision_loss)] // heaps and values as f64 coordinates: exact below 2^53
fn plot(
    values: &[u32],
    code: &str,
    period: Option<&Periodicity>,
    no_period: &str,
) -> Result<String, String> {
    let last = values.len().saturating_sub(1);
    let max_value = values.iter().copied().max().unwrap_or(0);
    // Room above the values for the legend.
    let top = f64::from(max_value) * 1.4 + 1.5;
    // Room below, so that the points of value 0 stand clear of the axis.
    let bottom = -0.4;
    let title = match period {
        Some(p) => format!(
            "{code}: Grundy values G(0) .. G({last}), period {} from n = {}",
            p.period(),
            p.preperiod()
        ),
        None => format!("{code}: Grundy values G(0) .. G({last}), no period known"),
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, PLOT_SIZE).into_drawing_area();
        let draw = |e: &dyn std::fmt::Display| format!("cannot draw the plot: {e}");
        root.fill(&WHITE).map_err(|e| draw(&e))?;
        let x_range = Axis { range: -0.5..last as f64 + 0.5, ticks: ticks(last as u64) };
        let y_range = Axis { range: bottom..top, ticks: ticks(u64::from(max_value).max(1)) };
        let mut chart = ChartBuilder::on(&root)
            .caption(&title, ("sans-serif", 24))
            .margin(12)
            .x_label_area_size(50)
            .y_label_area_size(60)
            .build_cartesian_2d(x_range, y_range)
            .map_err(|e| draw(&e))?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("heap size n")
            .y_desc("Grundy value G(n)")
            .axis_desc_style(("sans-serif", 20))
            .label_style(("sans-serif", 16))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .map_err(|e| draw(&e))?;
        if period.is_none() {
            // The note of why no period is marked, at the top left of the plotting area.
            let note = format!("period {no_period}");
            let at = chart.backend_coord(&(-0.5, top));
            root.draw(&Text::new(note, (at.0 + 10, at.1 + 10), ("sans-serif", 17)))
                .map_err(|e| draw(&e))?;
        }
        if let Some(p) = period {
            let n0 = p.preperiod();
            let shade = RGBColor(255, 200, 120).mix(0.35);
            let band_end = (n0.min(last + 1) as f64) - 0.5;
            let band =
                (n0 > 0).then(|| Rectangle::new([(-0.5, bottom), (band_end, top)], shade.filled()));
            let band_label = if n0 == 0 {
                "no pre-period: periodic from n = 0".to_owned()
            } else {
                format!("pre-period: n = 0 .. {} (shaded)", n0 - 1)
            };
            chart.draw_series(band).map_err(|e| draw(&e))?.label(band_label).legend(
                move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], shade.filled()),
            );
            let count = last.saturating_sub(n0) / p.period() + 1;
            let stride = count.div_ceil(MAX_BOUNDARIES).max(1);
            let line = RGBColor(200, 40, 40);
            let boundaries = (n0..=last).step_by(p.period().saturating_mul(stride)).map(|n| {
                let x = n as f64 - 0.5;
                PathElement::new(vec![(x, bottom), (x, top)], line.stroke_width(1))
            });
            let period_label = match stride {
                1 => format!("period {}: a line at each n = {n0} + {}k", p.period(), p.period()),
                s => format!(
                    "period {}: lines at n = {n0} + {}k (one period in {s} marked)",
                    p.period(),
                    p.period() * s
                ),
            };
            chart.draw_series(boundaries).map_err(|e| draw(&e))?.label(period_label).legend(
                move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], line.stroke_width(2)),
            );
        }
        let radius = if values.len() > 2000 { 1 } else { 2 };
        let blue = RGBColor(31, 95, 168);
        // One point per pixel: heaps that land on a pixel already drawn add nothing to the
        // picture, so a long sequence gives a picture of bounded size.
        let (width, height) = PLOT_SIZE;
        let mut drawn = vec![false; width as usize * height as usize];
        let points = values.iter().enumerate().filter_map(|(n, &v)| {
            let at = (n as f64, f64::from(v));
            let (x, y) = chart.backend_coord(&at);
            let pixel = usize::try_from(y).ok()? * width as usize + usize::try_from(x).ok()?;
            let fresh = !std::mem::replace(drawn.get_mut(pixel)?, true);
            fresh.then(|| Circle::new(at, radius, blue.filled()))
        });
        let points: Vec<_> = points.collect();
        chart
            .draw_series(points)
            .map_err(|e| draw(&e))?
            .label("G(n)")
            .legend(move |(x, y)| Circle::new((x + 8, y), 3, blue.filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 17))
            .draw()
            .map_err(|e| draw(&e))?;
        root.present().map_err(|e| draw(&e))?;
    }
    Ok(svg)
}

/// Rows longer than this many dots are not repeated in each winning move's result.
const LONG_ROW: usize = 256;

/// The lengths of the runs left by marking the playable dot `i` of a row whose runs are
/// `runs` ([`Dots::runs`]): the run of dot `i` is replaced by what is left on each side of it
/// (not recomputed from the row per move, which is quadratic on long rows).
fn runs_after(runs: &[(usize, usize)], i: usize) -> Vec<usize> {
    let at = runs.partition_point(|&(s, _)| s <= i).saturating_sub(1);
    let Some(&(s, h)) = runs.get(at).filter(|&&(s, h)| (s..s + h).contains(&i)) else {
        return runs.iter().map(|r| r.1).collect();
    };
    let parts = [(i - s).saturating_sub(1), (s + h).saturating_sub(i + 2)];
    runs[..at]
        .iter()
        .map(|r| r.1)
        .chain(parts.into_iter().filter(|&n| n > 0))
        .chain(runs[at + 1..].iter().map(|r| r.1))
        .collect()
}

pub(crate) fn dots(args: &DotsArgs) -> Result<String, String> {
    let row: Dots = args.row.parse().map_err(|e: OctalError| e.to_string())?;
    let dots = row.len() as u64;
    check_len(&format!("a row of {dots} dots"), dots.saturating_add(1), BYTES_PER_HEAP)?;
    let value = row.value().map_err(|e| e.to_string())?;
    let winning = row.winning_dots().map_err(|e| e.to_string())?;
    let runs = row.runs();
    let winning_moves = winning
        .into_iter()
        .map(|i| {
            let text = format!("mark dot {}", i + 1);
            let left: Vec<String> = runs_after(&runs, i).iter().map(usize::to_string).collect();
            let left = if left.is_empty() { "none".to_owned() } else { left.join(" ") };
            // A long row is not repeated per winning move (10^5 dots would print gigabytes).
            Ok(if row.len() > LONG_ROW {
                MoveLine::new(text, &i, format!("runs: {left}"), &())
            } else {
                let after = row.mark(i).map_err(|e| e.to_string())?;
                MoveLine::new(text, &i, format!("{after} (runs: {left})"), &after)
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let ruleset = "dots (node-kayles on a path, octal 0.137)";
    let report = Report::normal(ruleset, row.to_string(), data(&row), value, winning_moves);
    Ok(report.render(args.json))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_about_ten() {
        assert_eq!(ticks(0), vec![0.0]);
        assert_eq!(ticks(7), (0..=7).map(f64::from).collect::<Vec<_>>());
        assert_eq!(ticks(200), (0..=10).map(|k| f64::from(k * 20)).collect::<Vec<_>>());
        assert_eq!(ticks(999).len(), 10); // 0, 100, .., 900
        assert_eq!(ticks(u64::MAX).len(), 10); // 0, 2·10^18, .., 1.8·10^19
    }

    #[test]
    fn runs_after_a_mark_are_those_of_the_marked_row() {
        for n in 0..=10usize {
            for mask in 0u32..1 << n {
                let text: String =
                    (0..n).map(|i| if mask >> i & 1 == 1 { 'x' } else { '.' }).collect();
                let Ok(row) = text.parse::<Dots>() else { continue };
                for i in (0..n).filter(|&i| row.can_mark(i)) {
                    let after = row.mark(i).unwrap().heaps();
                    let after: Vec<usize> =
                        after.iter().map(|&h| usize::try_from(h).unwrap()).collect();
                    assert_eq!(runs_after(&row.runs(), i), after, "{text}, dot {i}");
                }
            }
        }
    }

    #[test]
    fn lengths_beyond_the_library_are_refused() {
        let err = check_len("heap 300000000", 300_000_001, 0).unwrap_err();
        assert!(err.ends_with("at most 268435456 are supported"), "{err}");
    }
}

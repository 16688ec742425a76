//! Times the Grundy table of an octal code, for the comparison with other solvers
//! (`benches/scripts/octal_vs_ogsolve.sh`).
//!
//! ```text
//! cargo run --release -p grundy-octal --example table -- CODE N [METHOD]
//! ```
//!
//! computes the values of heaps `0 ..= N` and prints one line: the code, the method, the
//! seconds taken, `G(N)`, the share of losing heaps (value 0) among `0 ..= N`, the largest
//! value, the proved period if any, and an FNV-1a checksum of the values. `METHOD` is one of
//! `raw` or `rare-common` (every value computed, no period used:
//! [`SequenceMethod::RareCommon`]), `plain` ([`SequenceMethod::Plain`]), `fast` ([`SequenceMethod::Fast`]: the table,
//! read off the period once one is proved) and `certified` (values only until the
//! periodicity theorem proves a period, then stop; falls back to the full table when none is
//! proved within `N + 1` values).

use std::process::ExitCode;
use std::time::Instant;

use grundy_octal::{Rules, Sequence, SequenceMethod};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("table: {e}");
            eprintln!("usage: table CODE N [raw|rare-common|plain|fast|certified]");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let [code, n, rest @ ..] = args else { return Err("expected CODE and N".into()) };
    let rules: Rules = code.parse().map_err(|e| format!("{e}"))?;
    let n: usize = n.parse().map_err(|_| format!("'{n}' is not a heap size"))?;
    let method_name = rest.first().map_or("raw", String::as_str);
    let (method, certified) = match method_name {
        "raw" | "rare-common" => (SequenceMethod::RareCommon, false),
        "plain" => (SequenceMethod::Plain, false),
        "fast" => (SequenceMethod::Fast, false),
        "certified" => (SequenceMethod::Fast, true),
        other => return Err(format!("unknown method '{other}'")),
    };
    let len = n.checked_add(1).ok_or("N is too large")?;
    let start = Instant::now();
    let mut seq = Sequence::for_rules_with_method(rules, method);
    let proof = if certified {
        seq.find_period(len).map_err(|e| e.to_string())?
    } else {
        seq.extend_to(len).map_err(|e| e.to_string())?;
        None
    };
    let seconds = start.elapsed().as_secs_f64();
    let computed = seq.len();
    // The values asked for, from the period past the computed ones (outside the timing).
    // (Without a copy when every value asked for was computed.)
    let read_off: Vec<u32>;
    let values: &[u32] = if seq.len() >= len {
        &seq.values()[..len]
    } else {
        read_off = (0..len as u64)
            .map(|h| seq.value(h).map(|v| v.value()).ok_or_else(|| format!("heap {h} unknown")))
            .map(|v| v.and_then(|v| u32::try_from(v).map_err(|e| e.to_string())))
            .collect::<Result<_, _>>()?;
        &read_off
    };
    let losing = values.iter().filter(|&&v| v == 0).count();
    let checksum = values.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &v| {
        v.to_le_bytes().iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
    });
    let period = match proof.or(seq.period().copied()) {
        Some(p) => format!("period {} preperiod {}", p.period(), p.preperiod()),
        None => "no period".to_owned(),
    };
    Ok(format!(
        "{} {method_name} seconds {seconds:.3} computed {computed} G({n}) {} losing {:.2}% max {} {period} checksum {checksum:016x}",
        seq.rules(),
        values[n],
        100.0 * losing as f64 / len as f64,
        values.iter().max().copied().unwrap_or(0),
    ))
}

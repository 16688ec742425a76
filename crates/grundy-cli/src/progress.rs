//! The progress line: "searching: N positions, T s" on stderr while a long search runs.
//!
//! A command's [`Limits`](crate::exit::Limits) make a [`Progress`] that every budget of the
//! command reports to, and, when stderr is a terminal, start a [`Line`]: a background thread
//! that waits [`DELAY`] (short searches show nothing), then redraws an indicatif spinner every
//! [`REFRESH`] until the line is finished. The line is finished (erased, its thread joined)
//! when the [`Line`] is dropped with the limits at the end of the subcommand, and again, to be
//! sure, by [`clear`] before the answer or an error is written, so that no output is garbled.
//! Nothing is drawn when stderr is not a terminal (pipes, files, tests).

use std::io::IsTerminal as _;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use grundy::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// How long a search runs before the line appears.
pub(crate) const DELAY: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
pub(crate) const REFRESH: Duration = Duration::from_millis(100);

/// The line shown now, if any: what [`clear`] finishes.
static CURRENT: Mutex<Option<Arc<Shared>>> = Mutex::new(None);

/// The text of the line: positions with thousands separators, seconds to a tenth, and the
/// table's fill when a solver reported one.
pub(crate) fn text(nodes: u64, elapsed: Duration, table_fill: Option<f64>) -> String {
    let mut line =
        format!("searching: {} positions, {:.1} s", grouped(nodes), elapsed.as_secs_f64());
    if let Some(fill) = table_fill {
        line.push_str(&format!(", table {:.0}% full", fill * 100.0));
    }
    line
}

/// `n` with a comma between groups of three digits: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Stderr as a terminal two columns narrower than it is: indicatif pads its line to the full
/// width, and the `^C` that the terminal echoes on Ctrl-C would then wrap it onto a second
/// line, which erasing the line would leave behind.
#[derive(Debug)]
struct Narrow(console::Term);

impl TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(2).max(1)
    }

    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }

    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }

    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }

    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }

    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }

    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }

    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }

    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// What the drawing thread and its owner share.
#[derive(Debug, Default)]
struct Shared {
    /// Set when the line must be erased and the thread end.
    done: Mutex<bool>,
    /// Wakes the thread when `done` is set.
    wake: Condvar,
    /// The drawing thread, until someone joins it.
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Shared {
    /// Erases the line and waits for its thread to end; at once when it has already ended.
    fn finish(&self) {
        *self.done.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.wake.notify_all();
        let thread = self.thread.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(thread) = thread {
            // A panic of the drawing thread costs the line only.
            let _ = thread.join();
        }
    }

    /// Sleeps until `deadline` or until the line is finished; tells whether it is finished.
    fn wait_until(&self, deadline: Instant) -> bool {
        let mut done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if *done {
                return true;
            }
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return false;
            };
            done = self.wake.wait_timeout(done, left).unwrap_or_else(PoisonError::into_inner).0;
        }
    }
}

/// A progress line on stderr, erased when dropped (see the [module docs](self)).
#[derive(Debug)]
pub(crate) struct Line {
    shared: Arc<Shared>,
}

impl Line {
    /// Starts the line of `progress` when stderr is a terminal (`None` otherwise, or when no
    /// thread can be started). A line already shown is finished first: one line at a time.
    /// Unit tests never show one: they share one process, and so the line shown now.
    pub(crate) fn start(progress: Arc<Progress>) -> Option<Line> {
        if cfg!(test) || !std::io::stderr().is_terminal() {
            return None;
        }
        let target = ProgressDrawTarget::term_like(Box::new(Narrow(console::Term::stderr())));
        Line::spawn(progress, DELAY, target)
    }

    /// Starts the drawing thread: after `delay`, the line of `progress` on `target`.
    fn spawn(progress: Arc<Progress>, delay: Duration, target: ProgressDrawTarget) -> Option<Line> {
        clear();
        let shared = Arc::new(Shared::default());
        let drawer = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("progress".to_owned())
            .spawn(move || draw(&drawer, &progress, delay, target))
            .ok()?;
        *shared.thread.lock().unwrap_or_else(PoisonError::into_inner) = Some(thread);
        *CURRENT.lock().unwrap_or_else(PoisonError::into_inner) = Some(Arc::clone(&shared));
        Some(Line { shared })
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        self.shared.finish();
        let mut current = CURRENT.lock().unwrap_or_else(PoisonError::into_inner);
        if current.as_ref().is_some_and(|shown| Arc::ptr_eq(shown, &self.shared)) {
            *current = None;
        }
    }
}

/// Erases the line shown now, if any, and waits until it is gone: called before anything is
/// written to stdout or stderr.
pub(crate) fn clear() {
    let current = CURRENT.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(shared) = current {
        shared.finish();
    }
}

/// The drawing thread: waits `delay`, then redraws the line every [`REFRESH`] until finished,
/// and erases it.
fn draw(shared: &Shared, progress: &Progress, delay: Duration, target: ProgressDrawTarget) {
    let start = Instant::now();
    if shared.wait_until(start + delay) {
        return;
    }
    let bar = ProgressBar::with_draw_target(None, target);
    if let Ok(style) = ProgressStyle::with_template("{msg}") {
        bar.set_style(style);
    }
    // The spinner is part of the message: one draw per refresh (indicatif draws on each
    // change of the message and on each tick of its own spinner).
    let mut next = Instant::now();
    for spin in ['|', '/', '-', '\\'].into_iter().cycle() {
        let line = text(progress.nodes(), progress.elapsed(), progress.table_fill());
        bar.set_message(format!("{spin} {line}"));
        next += REFRESH;
        if shared.wait_until(next) {
            break;
        }
    }
    bar.finish_and_clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_groups_digits_and_shows_tenths_of_seconds() {
        assert_eq!(text(0, Duration::ZERO, None), "searching: 0 positions, 0.0 s");
        assert_eq!(
            text(1_234_567, Duration::from_millis(2_345), None),
            "searching: 1,234,567 positions, 2.3 s"
        );
        assert_eq!(
            text(999, Duration::from_secs(61), Some(0.425)),
            "searching: 999 positions, 61.0 s, table 42% full"
        );
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(100_000), "100,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn a_line_is_finished_when_dropped_or_cleared() {
        let progress = Arc::new(Progress::new());
        // Drawn at once, to a hidden target: the thread runs, and dropping the line ends it.
        let line = Line::spawn(Arc::clone(&progress), Duration::ZERO, ProgressDrawTarget::hidden())
            .expect("a thread starts");
        progress.add_nodes(5);
        let shared = Arc::clone(&line.shared);
        drop(line);
        assert!(shared.thread.lock().expect("not poisoned").is_none(), "joined");
        let current = CURRENT.lock().expect("not poisoned").clone();
        assert!(!current.is_some_and(|shown| Arc::ptr_eq(&shown, &shared)), "forgotten");

        // Cleared before its delay is over, then dropped: both finish it, neither blocks.
        let line = Line::spawn(progress, Duration::from_secs(3600), ProgressDrawTarget::hidden())
            .expect("a thread starts");
        clear();
        assert!(line.shared.thread.lock().expect("not poisoned").is_none(), "joined");
        drop(line);
        clear();
    }
}

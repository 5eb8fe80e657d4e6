//! Progress bars on long runs (indicatif): importing a GraphDef or ONNX model, each pass of
//! the pipeline (a conversion), writing the output. A [`Phase`] shows nothing for its first
//! [`DELAY`] (short runs never draw), then a spinner or bar on stderr with the elapsed time
//! and what it counted so far, cleared when the phase ends.
//!
//! Off unless the command line turned it on ([`enable`]: stderr is a terminal and no
//! `--no-progress`), so library use, tests and pipes never see a bar. One phase draws at a
//! time: a phase started while another is live (nested, or another `--split-input-file`
//! chunk on another thread) is silent.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, RwLock};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a phase runs before its bar appears.
pub const DELAY: Duration = Duration::from_millis(500);

/// [`DELAY`], or `AMANDA_PROGRESS_DELAY_MS` (tests show bars on small inputs with 0).
fn delay() -> Duration {
    std::env::var("AMANDA_PROGRESS_DELAY_MS").ok().and_then(|v| v.parse().ok()).map_or(DELAY, Duration::from_millis)
}

static ENABLED: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicBool = AtomicBool::new(false);
/// The live phase's bar, for [`tick`] and [`note`] from code that has no handle on it.
static CURRENT: RwLock<Option<ProgressBar>> = RwLock::new(None);

/// Counts `n` units done in the live phase, if any (a relaxed load when there is none).
pub fn tick(n: u64) {
    if LIVE.load(Ordering::Relaxed) {
        if let Ok(c) = CURRENT.read() {
            if let Some(b) = c.as_ref() {
                b.inc(n);
            }
        }
    }
}

/// Sets the message of the live phase, if any (`running convert-tf-to-torch`).
pub fn note(msg: &str) {
    if LIVE.load(Ordering::Relaxed) {
        if let Ok(c) = CURRENT.read() {
            if let Some(b) = c.as_ref() {
                b.set_message(msg.to_string());
            }
        }
    }
}

/// Makes the live phase (a spinner, e.g. "running passes") count `total` units of `what`
/// as a bar until the guard is dropped, then a spinner again: a pass with a known amount
/// of work (the nodes convert-tf-to-torch lowers) shows it within the pass manager's phase.
pub fn count(what: &str, total: u64) -> Counted {
    if !LIVE.load(Ordering::Relaxed) {
        return Counted { bar: None };
    }
    let bar = CURRENT.read().ok().and_then(|c| c.clone());
    let Some(bar) = bar else { return Counted { bar: None } };
    let before = (bar.style(), bar.message());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {human_pos}/{human_len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_string());
    bar.set_length(total);
    bar.set_position(0);
    Counted { bar: Some((bar, before.0, before.1)) }
}

/// See [`count`].
pub struct Counted {
    bar: Option<(ProgressBar, ProgressStyle, String)>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let Some((bar, style, msg)) = self.bar.take() {
            bar.unset_length();
            bar.set_style(style);
            bar.set_message(msg);
        }
    }
}

/// Whether progress is shown for this process: `--no-progress` not given and stderr a
/// terminal.
pub fn should_show(no_progress: bool) -> bool {
    use std::io::IsTerminal;
    !no_progress && std::io::stderr().is_terminal()
}

/// Turns progress bars on or off for the process (the command line calls this once).
pub fn enable(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

pub fn is_enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// A phase of the run that may show a bar; ends (and clears the bar) when dropped.
pub struct Phase {
    bar: Option<ProgressBar>,
    stop: Option<mpsc::Sender<()>>,
    shower: Option<std::thread::JoinHandle<()>>,
}

impl Phase {
    /// A phase that never draws.
    pub fn silent() -> Phase {
        Phase { bar: None, stop: None, shower: None }
    }

    /// Starts a phase named `what` counting `unit`s (`"nodes"`, `"bytes"`, `""`: nothing
    /// counted); `total` when known gives a bar, else a spinner.
    pub fn start(what: &str, unit: &'static str, total: Option<u64>) -> Phase {
        if !is_enabled() || LIVE.swap(true, Ordering::AcqRel) {
            return Phase::silent();
        }
        let bar = match total {
            Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::hidden()),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
        };
        let template = match (total, unit) {
            (Some(_), "bytes") => "{spinner} {msg} [{bar:30}] {binary_bytes}/{binary_total_bytes} {elapsed}",
            (Some(_), _) => "{spinner} {msg} [{bar:30}] {human_pos}/{human_len} {elapsed}",
            (None, "bytes") => "{spinner} {msg} {binary_bytes} {elapsed}",
            (None, "") => "{spinner} {msg} {elapsed}",
            (None, _) => "{spinner} {msg} {human_pos} {elapsed}",
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(what.to_string());
        let (tx, rx) = mpsc::channel::<()>();
        let shown = bar.clone();
        let delay = delay();
        // Shows the bar once the phase has run for DELAY, unless it ended before.
        let shower = std::thread::Builder::new().name("progress".into()).spawn(move || {
            if rx.recv_timeout(delay) == Err(mpsc::RecvTimeoutError::Timeout) {
                // indicatif draws nothing either when stderr is not a terminal.
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.tick();
                shown.enable_steady_tick(Duration::from_millis(120));
            }
        });
        match shower {
            Ok(h) => {
                if let Ok(mut c) = CURRENT.write() {
                    *c = Some(bar.clone());
                }
                Phase { bar: Some(bar), stop: Some(tx), shower: Some(h) }
            }
            Err(_) => {
                LIVE.store(false, Ordering::Release);
                Phase::silent()
            }
        }
    }

    /// Whether this phase may draw (a writer only counts bytes for a drawing phase).
    pub fn is_live(&self) -> bool {
        self.bar.is_some()
    }

    /// Counts `n` more units done.
    pub fn inc(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.inc(n);
        }
    }
}

impl Drop for Phase {
    fn drop(&mut self) {
        let Some(bar) = self.bar.take() else { return };
        drop(self.stop.take());
        if let Some(h) = self.shower.take() {
            let _ = h.join();
        }
        if let Ok(mut c) = CURRENT.write() {
            *c = None;
        }
        bar.finish_and_clear();
        LIVE.store(false, Ordering::Release);
    }
}

/// A writer that counts the bytes written through it into a phase (reported every MiB).
pub struct Counting<'a> {
    pub inner: &'a mut dyn Write,
    pub phase: &'a Phase,
    pending: u64,
}

impl<'a> Counting<'a> {
    pub fn new(inner: &'a mut dyn Write, phase: &'a Phase) -> Self {
        Counting { inner, phase, pending: 0 }
    }
}

const REPORT_EVERY: u64 = 1 << 20;

impl Write for Counting<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.pending += n as u64;
        if self.pending >= REPORT_EVERY {
            self.phase.inc(self.pending);
            self.pending = 0;
        }
        Ok(n)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.inner.write_all(buf)?;
        self.pending += buf.len() as u64;
        if self.pending >= REPORT_EVERY {
            self.phase.inc(self.pending);
            self.pending = 0;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.phase.inc(std::mem::take(&mut self.pending));
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_by_default_and_silent() {
        // Nothing turned progress on: a phase never draws.
        assert!(!is_enabled());
        let p = Phase::start("importing", "nodes", Some(10));
        assert!(!p.is_live());
        p.inc(3);
    }

    #[test]
    fn no_progress_flag_parses() {
        use clap::Parser;
        let o = crate::cli::Options::try_parse_from(["amanda-opt", "--no-progress", "--summary"]).unwrap();
        assert!(o.no_progress && o.summary && !o.no_summary);
        let o = crate::cli::Options::try_parse_from(["amanda-opt"]).unwrap();
        assert!(!o.no_progress && !o.summary);
    }

    #[test]
    fn not_a_terminal_means_no_progress() {
        // Under `cargo test` stderr is captured or piped; --no-progress always wins.
        assert!(!should_show(true));
    }

    #[test]
    fn counting_writer_passes_bytes_through() {
        let mut out = Vec::new();
        let p = Phase::silent();
        {
            let mut w = Counting::new(&mut out, &p);
            w.write_all(b"abc").unwrap();
            w.flush().unwrap();
        }
        assert_eq!(out, b"abc");
    }
}

//! Progress on stderr: a bar when stderr is a terminal; for the longest
//! runs, a line every few seconds when it is not ([`Ticker`]).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// A bar of `total` steps, hidden unless stderr is a terminal.
pub fn bar(total: u64, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(&format!(
        "{what} {{bar:40}} {{pos}}/{{len}} [{{elapsed}} < {{eta}}] {{msg}}"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The seconds between two lines of [`Ticker`]: 5, or the test seam
/// `NIMCERT_PROGRESS_SECONDS` (a whole number, 0 for a line at every check).
fn ticker_interval() -> Duration {
    let seconds = std::env::var("NIMCERT_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(5);
    Duration::from_secs(seconds).max(Duration::from_millis(50))
}

/// A line of progress on stderr every few seconds while a long run works,
/// for a stderr that is not a terminal (a log file, a batch job), where
/// [`bar`] shows nothing: "values: 1,048,576 of 2,000,000 heap sizes (52%),
/// 45 s". Inactive on a terminal. Stops when finished or dropped.
pub struct Ticker {
    done: Arc<AtomicU64>,
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Ticker {
    /// A ticker for a run of `total` `unit` (a plural noun), named `what`.
    pub fn new(total: u64, what: &'static str, unit: &'static str) -> Ticker {
        let done = Arc::new(AtomicU64::new(0));
        if std::io::stderr().is_terminal() {
            return Ticker {
                done,
                stop: None,
                thread: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let seen = Arc::clone(&done);
        let every = ticker_interval();
        let start = Instant::now();
        let thread = std::thread::spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                let n = seen.load(Ordering::Relaxed);
                let percent = n.saturating_mul(100).checked_div(total).unwrap_or(100);
                eprintln!(
                    "{what}: {} of {} {unit} done ({percent}%), {} s",
                    thousands(n),
                    thousands(total),
                    start.elapsed().as_secs()
                );
            }
        });
        Ticker {
            done,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Records that `n` of the total are done.
    pub fn set(&self, n: u64) {
        self.done.store(n, Ordering::Relaxed);
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// "1,234,567".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

//! Progress on stderr (indicatif): a bar of known length or a spinner, shown on a terminal
//! unless `--quiet` (the flag the front end sets here).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: only results (no progress, no informational lines on stderr).
pub fn set_quiet(q: bool) {
    QUIET.store(q, Ordering::Relaxed);
}

/// Whether `--quiet` is on.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A progress bar on stderr, hidden when stderr is not a terminal or with `--quiet`.
pub fn progress(total: u64) -> ProgressBar {
    bar(Some(total), shown())
}

/// A spinner on stderr for work of unknown length, hidden like [`progress`].
pub fn spinner() -> ProgressBar {
    bar(None, shown())
}

fn shown() -> bool {
    std::io::stderr().is_terminal() && !quiet()
}

/// A bar of `total` steps (`None`: a spinner for work of unknown length); hidden unless
/// `shown`.
pub fn bar(total: Option<u64>, shown: bool) -> ProgressBar {
    if !shown {
        return ProgressBar::hidden();
    }
    let (pb, template) = match total {
        Some(t) => (ProgressBar::new(t), "{bar:30} {pos}/{len} {elapsed} {msg}"),
        None => (ProgressBar::new_spinner(), "{spinner} {elapsed} {msg}"),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        pb.set_style(style);
    }
    if total.is_none() {
        pb.enable_steady_tick(std::time::Duration::from_millis(120));
    }
    pb
}

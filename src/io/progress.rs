//! Progress on stderr (indicatif): a bar of known length or a spinner, hidden unless shown
//! (the front end decides: a terminal, no `--quiet`).

use indicatif::{ProgressBar, ProgressStyle};

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

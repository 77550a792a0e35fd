//! The offline GPU compilers' tests are `#[ignore = "needs <compiler>"]`: `.ci/run` runs them
//! with `--run-ignored ignored-only` after `tools/setup.sh --offline-compilers`, where a missing
//! compiler is a failure, never a silent pass.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

use jitfft::stats::offline::OfflineError;

/// Panics with the reason when `what` (a backend's `installed()` answer) is not usable.
pub fn require(what: &str, installed: Result<String, OfflineError>) {
    if let Err(e) = installed {
        panic!("{what} is not usable here: {e}");
    }
}

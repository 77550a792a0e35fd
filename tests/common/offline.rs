//! The offline GPU compilers' tests: run where they are installed, skip with a printed reason
//! where not, unless `JITFFT_OFFLINE=1` (set by `.ci/run` after `tools/setup.sh
//! --offline-compilers`) makes a missing compiler a failure.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

use jitfft::stats::offline::OfflineError;

/// `JITFFT_OFFLINE=1`: the offline compilers must be there.
pub fn required() -> bool {
    std::env::var("JITFFT_OFFLINE").is_ok_and(|v| v == "1")
}

/// Whether to run a test needing `what` (a backend's `installed()` answer): true when
/// installed; false with a printed reason when not and not required; a panic when required.
pub fn ready(what: &str, installed: Result<String, OfflineError>) -> bool {
    match installed {
        Ok(_) => true,
        Err(e) if required() => panic!("JITFFT_OFFLINE=1 but {what} is unusable: {e}"),
        Err(e) => {
            eprintln!(
                "skipped: {what} is not usable here ({e}); set JITFFT_OFFLINE=1 to fail instead"
            );
            false
        }
    }
}

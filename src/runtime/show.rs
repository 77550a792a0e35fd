//! How reports write times: "1.234 ms", "median (min, max)", and the kernel line that names
//! its clock where it is not the profiling events (a host time never reads as a device time).

use super::timing::{Clock, Summary};

/// "median (min, max)" of a time, or "not measured" where the device's profiling events read
/// zero (an empty summary).
pub fn ms_summary(x: &Summary) -> String {
    match x.count {
        0 => "not measured (the device's profiling events read zero)".to_string(),
        _ => format!("{} (min {}, max {})", ms(x.median), ms(x.min), ms(x.max)),
    }
}

/// The report's `kernel` line: the clock is named where it is not the profiling events.
pub fn kernel_line(x: &Summary, clock: Clock) -> String {
    let what = format!(
        "{} median of {} runs after 1 warm-up",
        ms_summary(x),
        x.count
    );
    match clock {
        Clock::Events => what,
        c => format!("{what}, {}", c.label()),
    }
}

/// "1.234 ms", with sensible digits.
pub fn ms(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.1} ms")
    } else if x >= 1.0 {
        format!("{x:.3} ms")
    } else {
        format!("{x:.4} ms")
    }
}

/// `b` bytes in MiB with one decimal.
pub fn mib(b: u64) -> String {
    format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
}

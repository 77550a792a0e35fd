//! How reports write times: "1.234 ms", "median (min, max)", and the kernel line that names
//! its clock where it is not the profiling events (a host time never reads as a device time);
//! and the table of devices (`jitfft devices`).

#[cfg(feature = "cli")]
use super::discover::DeviceInfo;
use super::timing::{Clock, Summary};
#[cfg(feature = "cli")]
use tabled::{settings::Style, Table, Tabled};

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

/// Memory as `1.5 GiB`, or `48 KiB` below a GiB.
#[cfg(feature = "cli")]
fn gib(b: u64) -> String {
    if b >= 1 << 30 {
        format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} KiB", b / 1024)
    }
}

/// A row of the device table (tabled is the command line's dependency).
#[cfg(feature = "cli")]
#[derive(Tabled)]
struct Row {
    #[tabled(rename = "#")]
    index: usize,
    platform: String,
    vendor: String,
    name: String,
    #[tabled(rename = "type")]
    kind: String,
    #[tabled(rename = "CUs")]
    cus: u32,
    global: String,
    local: String,
    constant: String,
    max_alloc: String,
    fp64: String,
    opencl: String,
    driver: String,
}

#[cfg(feature = "cli")]
fn row(d: &DeviceInfo) -> Row {
    Row {
        index: d.index,
        platform: d.platform.clone(),
        vendor: d.vendor.clone(),
        name: d.name.clone(),
        kind: d.kind.clone(),
        cus: d.compute_units,
        global: gib(d.global_mem_bytes),
        local: gib(d.local_mem_bytes),
        constant: gib(d.constant_mem_bytes),
        max_alloc: gib(d.max_alloc_bytes),
        fp64: if d.fp64 { "yes" } else { "no" }.into(),
        opencl: d.opencl_version.clone(),
        driver: d.driver_version.clone(),
    }
}

/// The devices as a table, a row each: index, platform, vendor, name, type, compute units,
/// memory sizes, fp64, OpenCL and driver versions.
#[cfg(feature = "cli")]
pub fn device_table(infos: &[DeviceInfo]) -> String {
    let mut t = Table::new(infos.iter().map(row));
    t.with(Style::sharp());
    t.to_string()
}

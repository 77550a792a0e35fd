//! `jitfft devices`: every platform and device, as a table or JSON.

use super::common::{print_json, say};
use crate::bench::bandwidth::copy_bandwidth_gbs;
use crate::bench::host_rate::host_rates;
use crate::runtime::{icd_hint, list_devices, DeviceInfo};
use anyhow::{bail, Result};
use clap::Args;
use tabled::{settings::Style, Table, Tabled};

/// `jitfft devices`.
#[derive(Args, Debug)]
pub struct DevicesArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also measure each device's copy bandwidth (device-to-device copy, profiling events).
    #[arg(long)]
    pub bandwidth: bool,
    /// Measure the host's pinned copy ceiling over the set: host to device, device to host and
    /// both ways at once, for 1, 2, 4, … and every member copying together (the ceiling a
    /// set's streamed and batched runs are judged against).
    #[arg(long, conflicts_with = "bandwidth")]
    pub host_rate: bool,
    /// With --host-rate: MiB each member's buffer holds (capped to a quarter of its memory).
    #[arg(long, default_value_t = 1024, value_name = "MIB", requires = "host_rate",
          value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub mib: u64,
    /// With --host-rate: timed rounds of each measurement (after one warm-up round).
    #[arg(long, default_value_t = 5, value_name = "K", requires = "host_rate",
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub repeat: u64,
    /// Only the devices a selector or set picks: index, `gpu`, `cpu`, `all`, a list `0,1`,
    /// or a name or vendor (every match) (default: all).
    #[arg(long, value_name = "DEVICE")]
    pub device: Option<String>,
}

fn gib(b: u64) -> String {
    if b >= 1 << 30 {
        format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} KiB", b / 1024)
    }
}

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

/// `devices --host-rate`: the set's pinned copy ceiling, a line per measurement or JSON.
fn host_rate(a: &DevicesArgs, devs: Vec<crate::runtime::discover::FoundDevice>) -> Result<()> {
    let members = devs
        .into_iter()
        .map(crate::runtime::Gpu::from_found)
        .collect::<crate::error::Result<Vec<_>>>()?;
    let set = crate::runtime::DeviceSet::of(members)?;
    eprintln!(
        "measuring the pinned host copy rate over {}",
        set.describe()
    );
    let rates = host_rates(&set, a.mib << 20, a.repeat as usize)?;
    if a.json {
        let devices: Vec<String> = set.members.iter().map(|g| g.describe()).collect();
        return print_json(&serde_json::json!({"devices": devices, "host_rate": rates}));
    }
    for r in &rates {
        say!(
            "{} device{} {:>14}: {:7.1} GB/s median ({:.1}–{:.1}), {} MiB a device",
            r.devices,
            if r.devices == 1 { " " } else { "s" },
            r.way.label(),
            r.median_gbs,
            r.min_gbs,
            r.max_gbs,
            r.bytes_per_device >> 20
        );
    }
    Ok(())
}

/// Runs `jitfft devices`: lists every platform and device.
pub fn run(a: DevicesArgs) -> Result<()> {
    let devs = list_devices()?;
    if devs.is_empty() {
        bail!("{}", icd_hint::no_platform_message());
    }
    let devs = match &a.device {
        // A set shows its members (`nvidia`: every match; `0,0`: device 0 twice).
        Some(d) => crate::runtime::SetSpec::parse(d)
            .map_err(anyhow::Error::msg)?
            .resolve()?,
        None => devs,
    };
    if a.host_rate {
        return host_rate(&a, devs);
    }
    if a.bandwidth {
        let mut rows = Vec::new();
        for d in devs {
            let info = d.info.clone();
            let gbs = crate::runtime::Gpu::from_found(d).and_then(|g| copy_bandwidth_gbs(&g, 20));
            match gbs {
                Ok(g) => rows.push(serde_json::json!({"index": info.index, "name": info.name, "driver": info.driver_version, "copy_gbs": g})),
                Err(e) => rows.push(serde_json::json!({"index": info.index, "name": info.name, "error": e.to_string()})),
            }
        }
        if a.json {
            return print_json(&rows);
        }
        for r in rows {
            say!(
                "{}: {} — copy bandwidth {}",
                r["index"],
                r["name"].as_str().unwrap_or(""),
                r.get("copy_gbs")
                    .map(|g| format!("{:.1} GB/s (read + write)", g.as_f64().unwrap_or(0.0)))
                    .unwrap_or_else(|| r["error"].to_string())
            );
        }
        return Ok(());
    }
    let infos: Vec<DeviceInfo> = devs.into_iter().map(|d| d.info).collect();
    if a.json {
        return print_json(&infos);
    }
    let mut t = Table::new(infos.iter().map(row));
    t.with(Style::sharp());
    say!("{t}");
    say!("Select with --device N | name substring | gpu | cpu (or JITFFT_DEVICE); a set: all | 0,1 | vendor.");
    Ok(())
}

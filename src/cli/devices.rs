//! `jitfft devices`: every platform and device, as a table or JSON.

use super::common::{print_json, say};
use crate::bench::bandwidth::copy_bandwidth_gbs;
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

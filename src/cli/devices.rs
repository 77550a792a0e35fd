//! `jitfft devices`: every platform and device, as a table or JSON.

use super::common::{print_json, say};
use crate::bench::bandwidth::{copy_row_line, copy_rows};
use crate::bench::host_rate::host_rates;
use crate::runtime::show::device_table;
use crate::runtime::{icd_hint, list_devices, DeviceInfo};
use anyhow::{bail, Result};
use clap::Args;

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

/// `devices --host-rate`: the set's pinned copy ceiling, a line per measurement or JSON.
fn host_rate(a: &DevicesArgs, devs: Vec<crate::runtime::discover::FoundDevice>) -> Result<()> {
    let set = crate::runtime::DeviceSet::of_found(devs)?;
    eprintln!(
        "measuring the pinned host copy rate over {}",
        set.describe()
    );
    let rates = host_rates(&set, a.mib << 20, a.repeat as usize)?;
    if a.json {
        let devices: Vec<String> = set.members.iter().map(|g| g.describe()).collect();
        return print_json(&serde_json::json!({"devices": devices, "host_rate": rates}));
    }
    rates.iter().for_each(|r| say!("{}", r.line()));
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
        let rows = copy_rows(devs);
        if a.json {
            return print_json(&rows);
        }
        rows.iter().for_each(|r| say!("{}", copy_row_line(r)));
        return Ok(());
    }
    let infos: Vec<DeviceInfo> = devs.into_iter().map(|d| d.info).collect();
    if a.json {
        return print_json(&infos);
    }
    say!("{}", device_table(&infos));
    say!("Select with --device N | name substring | gpu | cpu (or JITFFT_DEVICE); a set: all | 0,1 | vendor.");
    Ok(())
}

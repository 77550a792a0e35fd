//! Platform and device discovery: every device of every platform, with the facts a user
//! needs to pick one and that the planner needs to check sizes.

use crate::error::{JitError, Result};
use ocl::{Device, Platform};
use serde::Serialize;

// OpenCL device-info codes read through `info_raw` (plain numbers, so the parsing is ours).
const CL_DEVICE_TYPE: u32 = 0x1000;
const CL_DEVICE_MAX_COMPUTE_UNITS: u32 = 0x1002;
const CL_DEVICE_MAX_WORK_GROUP_SIZE: u32 = 0x1004;
const CL_DEVICE_MAX_MEM_ALLOC_SIZE: u32 = 0x1010;
const CL_DEVICE_GLOBAL_MEM_SIZE: u32 = 0x101F;
const CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: u32 = 0x1020;
const CL_DEVICE_LOCAL_MEM_SIZE: u32 = 0x1023;
const CL_DEVICE_NAME: u32 = 0x102B;
const CL_DEVICE_VENDOR: u32 = 0x102C;
const CL_DRIVER_VERSION: u32 = 0x102D;
const CL_DEVICE_VERSION: u32 = 0x102F;
const CL_DEVICE_EXTENSIONS: u32 = 0x1030;
const CL_DEVICE_DOUBLE_FP_CONFIG: u32 = 0x1032;

const CL_DEVICE_TYPE_CPU: u64 = 1 << 1;
const CL_DEVICE_TYPE_GPU: u64 = 1 << 2;
const CL_DEVICE_TYPE_ACCELERATOR: u64 = 1 << 3;

/// What one OpenCL device is, as reported by its driver.
#[derive(Debug, Clone, Serialize)]
pub struct DeviceInfo {
    /// Index over all devices of all platforms, in discovery order (what `--device N` means).
    pub index: usize,
    /// Platform name (CL_PLATFORM_NAME).
    pub platform: String,
    /// Platform vendor (CL_PLATFORM_VENDOR).
    pub platform_vendor: String,
    /// Device vendor (CL_DEVICE_VENDOR).
    pub vendor: String,
    /// Device name (CL_DEVICE_NAME).
    pub name: String,
    /// "gpu", "cpu", "accelerator" or "other".
    pub kind: String,
    /// Compute units (CL_DEVICE_MAX_COMPUTE_UNITS).
    pub compute_units: u32,
    /// Global memory in bytes.
    pub global_mem_bytes: u64,
    /// Local memory per work-group in bytes.
    pub local_mem_bytes: u64,
    /// Constant memory in bytes (bounds constant coefficient tables).
    pub constant_mem_bytes: u64,
    /// Largest single buffer in bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE).
    pub max_alloc_bytes: u64,
    /// Largest work-group the device accepts (a kernel's own limit may be lower).
    pub max_work_group_size: usize,
    /// Double precision supported (cl_khr_fp64, or a non-zero CL_DEVICE_DOUBLE_FP_CONFIG).
    pub fp64: bool,
    /// CL_DEVICE_VERSION, e.g. "OpenCL 3.0 CUDA".
    pub opencl_version: String,
    /// CL_DRIVER_VERSION (part of program cache and wisdom keys).
    pub driver_version: String,
}

impl DeviceInfo {
    /// Short lowercase vendor key used to pick vendor-specific behaviour.
    pub fn vendor_key(&self) -> &'static str {
        let v = format!("{} {}", self.vendor, self.platform).to_lowercase();
        // PoCL first: on an AMD or Intel CPU its device vendor is "AuthenticAMD"/"GenuineIntel".
        if v.contains("portable computing language") || v.contains("pocl") {
            "pocl"
        } else if v.contains("nvidia") {
            "nvidia"
        } else if v.contains("advanced micro devices") || v.contains("amd") {
            "amd"
        } else if v.contains("intel") {
            "intel"
        } else {
            "other"
        }
    }

    /// A simulator (oclgrind): it reports itself as a GPU but interprets every work-item, so
    /// neither the default device nor `--device all` (timing sweeps) picks it; name it to use it.
    pub fn is_simulator(&self) -> bool {
        format!("{} {}", self.name, self.platform)
            .to_lowercase()
            .contains("oclgrind")
    }

    /// A file-name-safe name for result folders: "nvidia-h100-80gb-hbm3", "pocl-cpu", ...
    ///
    /// PoCL's CPU device names start with the driver and the LLVM CPU model before the
    /// marketing name (`pthread-skylake-avx512-Intel(R) Xeon(R) Processor`): the slug keeps
    /// driver and model (`pocl-cpu-pthread-skylake-avx512`), so results from different CPUs
    /// never share a folder.
    pub fn slug(&self) -> String {
        let base = if self.vendor_key() == "pocl" {
            match pocl_cpu_model(&self.name) {
                Some(model) => format!("pocl-{}-{model}", self.kind),
                None => format!("pocl-{}-{}", self.kind, self.name),
            }
        } else {
            self.name.clone()
        };
        let mut s = String::new();
        for c in base.to_lowercase().chars() {
            if c.is_ascii_alphanumeric() {
                s.push(c);
            } else if !s.ends_with('-') && !s.is_empty() {
                s.push('-');
            }
        }
        s.trim_end_matches('-').to_string()
    }
}

/// The `driver-llvm-cpu` prefix of a PoCL device name: everything before the first `-` that
/// is followed by an upper-case letter (where the marketing name starts); None when there
/// is no such split.
fn pocl_cpu_model(name: &str) -> Option<&str> {
    let b = name.as_bytes();
    (1..b.len())
        .find(|&i| b[i - 1] == b'-' && b[i].is_ascii_uppercase())
        .map(|i| &name[..i - 1])
        .filter(|m| !m.is_empty())
}

/// A discovered device with its handles.
#[derive(Debug, Clone)]
pub struct FoundDevice {
    /// The platform the device belongs to.
    pub platform: Platform,
    /// The device handle.
    pub device: Device,
    /// What the driver reports about it.
    pub info: DeviceInfo,
}

fn raw(device: &Device, code: u32) -> Result<Vec<u8>> {
    device
        .info_raw(code)
        .map_err(|e| JitError::opencl_in(format!("device query 0x{code:x} failed"), e))
}

fn raw_u64(device: &Device, code: u32) -> Result<u64> {
    let b = raw(device, code)?;
    let mut a = [0u8; 8];
    let n = b.len().min(8);
    a[..n].copy_from_slice(&b[..n]);
    Ok(u64::from_ne_bytes(a))
}

fn raw_string(device: &Device, code: u32) -> Result<String> {
    let b = raw(device, code)?;
    Ok(String::from_utf8_lossy(&b)
        .trim_end_matches('\0')
        .trim()
        .to_string())
}

fn describe(index: usize, platform: &Platform, device: &Device) -> Result<DeviceInfo> {
    let ty = raw_u64(device, CL_DEVICE_TYPE)?;
    let kind = if ty & CL_DEVICE_TYPE_GPU != 0 {
        "gpu"
    } else if ty & CL_DEVICE_TYPE_CPU != 0 {
        "cpu"
    } else if ty & CL_DEVICE_TYPE_ACCELERATOR != 0 {
        "accelerator"
    } else {
        "other"
    };
    let extensions = raw_string(device, CL_DEVICE_EXTENSIONS)?;
    let fp64 = extensions.split_whitespace().any(|e| e == "cl_khr_fp64")
        || raw_u64(device, CL_DEVICE_DOUBLE_FP_CONFIG).unwrap_or(0) != 0;
    // JITFFT_DEVICE_MEMORY caps what plans may use (the streamed path's tests on PoCL).
    let cap = match crate::runtime::env::device_memory() {
        Some(Ok(b)) => b,
        Some(Err(e)) => return Err(crate::error::JitError::invalid(e)),
        None => u64::MAX,
    };
    Ok(DeviceInfo {
        index,
        platform: platform.name().unwrap_or_default(),
        platform_vendor: platform.vendor().unwrap_or_default(),
        vendor: raw_string(device, CL_DEVICE_VENDOR)?,
        name: raw_string(device, CL_DEVICE_NAME)?,
        kind: kind.to_string(),
        compute_units: raw_u64(device, CL_DEVICE_MAX_COMPUTE_UNITS)? as u32,
        global_mem_bytes: raw_u64(device, CL_DEVICE_GLOBAL_MEM_SIZE)?.min(cap),
        local_mem_bytes: raw_u64(device, CL_DEVICE_LOCAL_MEM_SIZE)?,
        constant_mem_bytes: raw_u64(device, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)?,
        max_alloc_bytes: raw_u64(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE)?.min(cap),
        max_work_group_size: raw_u64(device, CL_DEVICE_MAX_WORK_GROUP_SIZE)? as usize,
        fp64,
        opencl_version: raw_string(device, CL_DEVICE_VERSION)?,
        driver_version: raw_string(device, CL_DRIVER_VERSION)?,
    })
}

/// Serialises platform discovery and context creation: the ICD loader's and some drivers'
/// first-time initialisation is not thread-safe (PoCL crashed under concurrent discovery).
pub(crate) static OPENCL_INIT: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Lists every device of every platform. An empty list is not an error here; callers decide.
pub fn list_devices() -> Result<Vec<FoundDevice>> {
    let _guard = OPENCL_INIT.lock().unwrap_or_else(|e| e.into_inner());
    // `Platform::list()` panics when the ICD loader finds no platform; ask the core API instead.
    let ids = match ocl::core::get_platform_ids() {
        Ok(ids) => ids,
        Err(_) => return Ok(Vec::new()),
    };
    let mut out = Vec::new();
    for id in ids {
        let platform = Platform::new(id);
        let devices = match Device::list_all(platform) {
            Ok(d) => d,
            Err(_) => continue, // a platform with no usable device
        };
        for device in devices {
            let info = describe(out.len(), &platform, &device)?;
            out.push(FoundDevice {
                platform,
                device,
                info,
            });
        }
    }
    Ok(out)
}

/// The names [`DeviceInfo::vendor_key`] gives, which `--device` matches exactly.
const VENDOR_KEYS: &[&str] = &["pocl", "nvidia", "amd", "intel"];

/// How the user names a device: `--device 0`, `--device h100`, `--device gpu`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceSelector {
    /// The device with this index in discovery order.
    Index(usize),
    /// The first GPU.
    Gpu,
    /// The first CPU device.
    Cpu,
    /// A vendor key (`intel`, `pocl`, `nvidia`, `amd`): the first device of that implementation;
    /// any other text: the first device whose name, platform or vendor contains it (any case).
    Name(String),
    /// First GPU, else first CPU (simulators skipped), else the first device.
    Default,
}

impl DeviceSelector {
    /// Reads a selector: `default` or empty, an index, `gpu`, `cpu`, else a name to match; never
    /// fails (an unknown name fails at [`select_device`]).
    pub fn parse(s: &str) -> DeviceSelector {
        let t = s.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("default") {
            DeviceSelector::Default
        } else if let Ok(i) = t.parse::<usize>() {
            DeviceSelector::Index(i)
        } else if t.eq_ignore_ascii_case("gpu") {
            DeviceSelector::Gpu
        } else if t.eq_ignore_ascii_case("cpu") {
            DeviceSelector::Cpu
        } else {
            DeviceSelector::Name(t.to_string())
        }
    }

    /// The selector from `--device`, else `JITFFT_DEVICE`, else the default rule.
    pub fn from_arg_or_env(arg: Option<&str>) -> DeviceSelector {
        match arg {
            Some(a) => DeviceSelector::parse(a),
            None => match super::env::device() {
                Some(v) => DeviceSelector::parse(&v),
                None => DeviceSelector::Default,
            },
        }
    }
}

/// Whether `--device NAME` names this device: a vendor key (`intel`, `pocl`, `nvidia`, `amd`)
/// names that implementation only (PoCL on an Intel CPU has "Intel" in its device name, but
/// `intel` means Intel's runtime); other text, any device whose name, platform or vendor
/// contains it (any case).
pub(crate) fn name_matches(d: &DeviceInfo, name: &str) -> bool {
    let n = name.to_lowercase();
    if VENDOR_KEYS.contains(&n.as_str()) {
        d.vendor_key() == n
    } else {
        d.name.to_lowercase().contains(&n)
            || d.platform.to_lowercase().contains(&n)
            || d.vendor.to_lowercase().contains(&n)
    }
}

fn list_names(devs: &[FoundDevice]) -> String {
    devs.iter()
        .map(|d| {
            format!(
                "  {}: {} ({}, {})",
                d.info.index, d.info.name, d.info.kind, d.info.platform
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Picks one device by selector, with an error that lists what exists when nothing matches.
pub fn select_device(sel: &DeviceSelector) -> Result<FoundDevice> {
    let devs = list_devices()?;
    if devs.is_empty() {
        return Err(JitError::Device(super::icd_hint::no_platform_message()));
    }
    let found = match sel {
        DeviceSelector::Index(i) => devs.iter().find(|d| d.info.index == *i),
        DeviceSelector::Gpu => devs.iter().find(|d| d.info.kind == "gpu"),
        DeviceSelector::Cpu => devs.iter().find(|d| d.info.kind == "cpu"),
        DeviceSelector::Name(n) => devs.iter().find(|d| name_matches(&d.info, n)),
        DeviceSelector::Default => {
            let real = || devs.iter().filter(|d| !d.info.is_simulator());
            real()
                .find(|d| d.info.kind == "gpu")
                .or_else(|| real().find(|d| d.info.kind == "cpu"))
                .or(devs.first())
        }
    };
    found.cloned().ok_or_else(|| {
        JitError::Device(format!(
            "no OpenCL device matches {sel:?}; use an index, an implementation (`pocl`, `intel`, `nvidia`, `amd`), a name substring, `gpu` or `cpu` (or a set: `all`, `0,1`). Devices found:\n{}",
            list_names(&devs)
        ))
    })
}

/// All devices matching a selector; `all` gives every device (for sweeps).
pub fn select_devices(spec: Option<&str>) -> Result<Vec<FoundDevice>> {
    if let Some(s) = spec {
        if s.trim().eq_ignore_ascii_case("all") {
            let devs = list_devices()?;
            if devs.is_empty() {
                return Err(JitError::Device(super::icd_hint::no_platform_message()));
            }
            // Sweeps time what they run: a simulator's times mean nothing.
            let real: Vec<FoundDevice> = devs
                .iter()
                .filter(|d| !d.info.is_simulator())
                .cloned()
                .collect();
            return Ok(if real.is_empty() { devs } else { real });
        }
    }
    Ok(vec![select_device(&DeviceSelector::from_arg_or_env(spec))?])
}

#[cfg(test)]
mod slug_tests {
    use super::pocl_cpu_model;

    #[test]
    fn pocl_slugs_tell_cpu_models_apart() {
        assert_eq!(
            pocl_cpu_model("pthread-skylake-avx512-Intel(R) Xeon(R) Processor"),
            Some("pthread-skylake-avx512")
        );
        assert_eq!(
            pocl_cpu_model("pthread-haswell-Intel(R) Xeon(R) Processor"),
            Some("pthread-haswell")
        );
        assert_eq!(
            pocl_cpu_model("cpu-znver3-AMD EPYC 7763 64-Core Processor"),
            Some("cpu-znver3")
        );
        assert_eq!(pocl_cpu_model("cpu"), None);
    }
}

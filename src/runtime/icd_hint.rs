//! When the ICD loader finds no platform, look for vendor OpenCL libraries that are installed
//! but not registered (common in containers) and say how to register them.

use std::path::PathBuf;

/// Vendor libraries the ICD loader can load, with the vendor they belong to.
const VENDOR_LIBS: &[(&str, &str)] = &[
    ("libnvidia-opencl.so.1", "NVIDIA"),
    ("libamdocl64.so", "AMD"),
    ("libamdocl-orca64.so", "AMD"),
    ("libigdrcl.so", "Intel"),
    ("libintelocl.so", "Intel CPU"),
    ("libpocl.so.2", "PoCL"),
];

fn search_dirs() -> Vec<PathBuf> {
    // JITFFT_VENDOR_LIB_DIRS replaces the list (colon-separated), which also makes this testable.
    if let Some(dirs) = super::env::vendor_lib_dirs() {
        return dirs;
    }
    let mut dirs: Vec<PathBuf> = [
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/usr/lib64",
        "/usr/lib",
        "/usr/local/lib",
        "/usr/local/nvidia/lib64",
        "/usr/local/nvidia/lib",
        "/usr/local/cuda/lib64",
        "/opt/rocm/lib",
        "/opt/rocm/opencl/lib",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    dirs.extend(crate::settings::ld_library_path());
    dirs.extend(intel_wheel_lib_dirs());
    dirs
}

/// Where `tools/setup.sh --intel` unpacks Intel's CPU runtime wheels:
/// `~/.cache/jitfft/intel-ocl-<version>/lib` (or under `$JITFFT_OCL_HOME`).
fn intel_wheel_lib_dirs() -> Vec<PathBuf> {
    let home = crate::settings::ocl_home()
        .or_else(|| dirs::home_dir().map(|h| h.join(".cache").join("jitfft")));
    let Some(Ok(rd)) = home.map(std::fs::read_dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("intel-ocl-"))
        .map(|e| e.path().join("lib"))
        .collect();
    found.sort();
    found
}

/// Vendor OpenCL libraries present on this system: (path, vendor).
pub fn find_vendor_libraries() -> Vec<(PathBuf, &'static str)> {
    let mut found = Vec::new();
    for dir in search_dirs() {
        for (lib, vendor) in VENDOR_LIBS {
            let p = dir.join(lib);
            if p.exists() && !found.iter().any(|(q, _): &(PathBuf, &str)| q == &p) {
                found.push((p, *vendor));
            }
        }
    }
    found
}

/// The message printed when no OpenCL platform is visible.
pub fn no_platform_message() -> String {
    let mut msg = String::from("no OpenCL platform found by the ICD loader.");
    let libs = find_vendor_libraries();
    if libs.is_empty() {
        msg.push_str(
            "\nNo vendor OpenCL library was found either. Install one: on Debian/Ubuntu \
             `tools/setup.sh` installs PoCL (the CPU device); for a GPU install its vendor's driver.",
        );
    } else {
        msg.push_str("\nThese vendor OpenCL libraries are installed but not registered as ICDs:");
        for (p, v) in &libs {
            msg.push_str(&format!("\n  {} ({v})", p.display()));
        }
        let (first, _) = &libs[0];
        let name = first
            .file_name()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        msg.push_str(&format!(
            "\nFix: register it for this shell with\n  mkdir -p /tmp/icd && echo {name} > /tmp/icd/vendor.icd && export OCL_ICD_VENDORS=/tmp/icd\n\
             or system-wide with\n  echo {name} > /etc/OpenCL/vendors/vendor.icd"
        ));
        // Intel's CPU runtime unpacked from its wheels: its libraries need LD_LIBRARY_PATH too.
        if let Some((p, _)) = libs
            .iter()
            .find(|(p, _)| intel_wheel_lib_dirs().iter().any(|d| p.starts_with(d)))
        {
            let dir = p
                .parent()
                .map(|d| d.display().to_string())
                .unwrap_or_default();
            msg.push_str(&format!(
                "\nIntel's CPU runtime from tools/setup.sh --intel: `eval \"$(tools/setup-ocl.sh --intel)\"`, or\n  \
                 mkdir -p /tmp/icd && echo {} > /tmp/icd/intel-cpu.icd && export OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH={dir}",
                p.display()
            ));
        }
    }
    msg
}

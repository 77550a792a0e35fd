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
    if let Ok(ld) = std::env::var("LD_LIBRARY_PATH") {
        dirs.extend(std::env::split_paths(&ld));
    }
    dirs
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
    }
    msg
}

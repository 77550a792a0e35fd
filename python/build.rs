//! Offers the OpenCL ICD loader to the final link from a folder of its own. The manylinux wheel
//! (tools/build-wheel.sh) links with zig, which searches no system library folder; the folder
//! holds only libOpenCL.so (a link to the loader found here), so zig's glibc 2.28 stubs stay the
//! libc that is linked. An ordinary build finds the same loader either way. OPENCL_LIB_DIR
//! names the loader's folder where it is elsewhere.
#![allow(clippy::disallowed_methods)] // a build script reads what cargo sets

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=OPENCL_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let dirs: Vec<PathBuf> = match std::env::var_os("OPENCL_LIB_DIR") {
        Some(d) => vec![PathBuf::from(d)],
        None => [
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu",
            "/usr/lib64",
            "/usr/lib",
            "/usr/local/lib",
        ]
        .iter()
        .map(PathBuf::from)
        .collect(),
    };
    let found = dirs.iter().find_map(|d| {
        ["libOpenCL.so", "libOpenCL.so.1"]
            .iter()
            .map(|n| d.join(n))
            .find(|p| p.exists())
    });
    let (Some(lib), Some(out)) = (found, std::env::var_os("OUT_DIR")) else {
        return; // the linker's own search decides (and says what is missing)
    };
    let dir = Path::new(&out).join("opencl-loader");
    let link = dir.join("libOpenCL.so");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::remove_file(&link);
    if std::os::unix::fs::symlink(&lib, &link).is_ok() {
        println!("cargo:rustc-link-search=native={}", dir.display());
    }
}

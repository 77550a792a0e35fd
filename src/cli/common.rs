//! Pieces shared by subcommands: device flag, JSON printing, output files.

use crate::io::atomic::write_atomic;
use crate::io::npy::npy_complex_bytes;
use crate::io::text::format_spectrum;
use crate::runtime::{DeviceSelector, Gpu};
use anyhow::{bail, Result};
use num_complex::Complex64;
use std::path::Path;

/// Opens the device named by `--device` (or `JITFFT_DEVICE`, or the default rule).
pub fn open_device(sel: Option<&str>) -> Result<Gpu> {
    Ok(Gpu::open(&DeviceSelector::from_arg_or_env(sel))?)
}

pub fn print_json<T: serde::Serialize>(v: &T) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// The flags every timed transform command shares: at least one timed run, and one source
/// of input.
pub fn check_run_flags(repeat: usize, has_input: bool, has_random: bool) -> Result<()> {
    if repeat == 0 {
        bail!("--repeat 0: at least one timed run is needed");
    }
    if has_input && has_random {
        bail!("--input and --random both given: choose one source of input");
    }
    Ok(())
}

/// Checks an output path before any work is done, so a bad path fails fast.
pub fn check_output_path(path: &Path) -> Result<()> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if ext != "npy" && ext != "txt" {
        bail!(
            "{}: unknown output format: use .npy (complex array) or .txt (one `re im` pair a line)",
            path.display()
        );
    }
    check_output_dir(path)
}

/// Checks that an output file's directory exists, before any work is done.
pub fn check_output_dir(path: &Path) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "{}: cannot write: directory {} does not exist",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

/// Writes a spectrum as .npy (complex64 when `single`, else complex128) or .txt, atomically.
pub fn write_spectrum(path: &Path, data: &[Complex64], single: bool) -> Result<()> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let bytes = if ext == "npy" {
        npy_complex_bytes(data, single)
    } else {
        format_spectrum(data).into_bytes()
    };
    write_atomic(path, &bytes)?;
    Ok(())
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

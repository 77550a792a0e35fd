//! Where results go: a file written atomically, or stdout for `-`; the output path checked
//! before any work so a bad path fails fast.

use super::atomic::write_atomic;
use super::npy::{npy_complex_bytes, npy_complex_shaped};
use super::text::format_spectrum;
use crate::error::{JitError, Result};
use num_complex::Complex64;
use std::io::Write;
use std::path::Path;

/// True when an output path names stdout (`-`).
pub fn is_stdout(p: &Path) -> bool {
    p.as_os_str() == "-"
}

/// True when `p` ends in `.npy` (any case).
pub fn is_npy(p: &Path) -> bool {
    p.extension().is_some_and(|e| e.eq_ignore_ascii_case("npy"))
}

/// Refuses an output path whose format is unknown (`.npy` or `.txt`) or whose folder does
/// not exist; `-` (stdout) passes.
pub fn check_output_path(path: &Path) -> Result<()> {
    if is_stdout(path) {
        return Ok(());
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if ext != "npy" && ext != "txt" {
        return Err(JitError::invalid(format!(
            "{}: unknown output format: use .npy (complex array) or .txt (one `re im` pair a line)",
            path.display()
        )));
    }
    check_output_dir(path)
}

/// Refuses an output file whose folder does not exist, before any work.
pub fn check_output_dir(path: &Path) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(JitError::invalid(format!(
            "{}: cannot write: directory {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    Ok(())
}

/// Writes bytes to a file atomically, or to stdout for `-`.
pub fn write_data(path: &Path, bytes: &[u8]) -> Result<()> {
    if is_stdout(path) {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)
            .and_then(|_| out.flush())
            .map_err(|e| JitError::invalid(format!("writing to stdout: {e}")))?;
        return Ok(());
    }
    write_atomic(path, bytes)
}

/// Writes a spectrum: a .npy (complex64 when `single`, else complex128) of `shape` where
/// given, else flat; any other path (and `-`) as text, one `re im` pair a line.
pub fn write_spectrum(
    path: &Path,
    data: &[Complex64],
    single: bool,
    shape: Option<&[usize]>,
) -> Result<()> {
    let bytes = match (is_npy(path), shape) {
        (true, Some(sh)) if !is_stdout(path) => npy_complex_shaped(data, single, sh),
        (true, _) => npy_complex_bytes(data, single),
        (false, _) => format_spectrum(data).into_bytes(),
    };
    write_data(path, &bytes)
}

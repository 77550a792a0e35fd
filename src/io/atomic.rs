//! Write-then-rename, so a failed or interrupted command never leaves a partial file.

use crate::error::{JitError, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same directory.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(JitError::file(
            path,
            format!("cannot write: directory {} does not exist", dir.display()),
        ));
    }
    let name = path
        .file_name()
        .ok_or_else(|| JitError::file(path, "cannot write: not a file path"))?;
    let tmp = dir.join(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let _guard = super::interrupt::TempGuard::new(&tmp);
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(JitError::file(path, format!("cannot write: {e}")));
    }
    Ok(())
}

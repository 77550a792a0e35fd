//! Write-then-rename, so a failed or interrupted command never leaves a partial file; a target
//! that is not a regular file (`/dev/null`, `/dev/full`, a FIFO) is written in place, since a
//! rename would replace the device node or pipe itself (as root: /dev/null for everyone).

use crate::error::{JitError, Result};
use std::io::Write;
use std::path::Path;

/// True when `path` exists and is neither a regular file nor a folder (a device, a FIFO, a
/// socket), following links: writing there must not rename a file over it.
pub fn is_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Refuses a special target ([`is_special`]) for a writer that writes at offsets (.npy
/// bodies in parallel pieces): a device or pipe cannot take them.
pub fn refuse_special(path: &Path) -> Result<()> {
    if is_special(path) {
        return Err(JitError::file(
            path,
            "cannot write: not a regular file (a device or pipe); .npy outputs are written at \
             offsets into a file: give a file path",
        ));
    }
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file in the same directory (in place where
/// `path` is a device or pipe).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    if is_special(path) {
        let written = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes).and_then(|_| f.flush()));
        return written.map_err(|e| JitError::file(path, format!("cannot write: {e}")));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_pipes_are_written_in_place_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write_atomic(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(is_special(&fifo), "the FIFO was replaced");
        assert!(refuse_special(&fifo)
            .unwrap_err()
            .to_string()
            .contains("not a regular file"));
        // /dev/full: the write fails with the device's error and the node stays.
        let full = Path::new("/dev/full");
        if is_special(full) {
            let e = write_atomic(full, b"x").unwrap_err().to_string();
            assert!(e.contains("No space left on device"), "{e}");
            assert!(is_special(full));
        }
        assert!(!is_special(dir.path()) && refuse_special(dir.path()).is_ok());
    }
}

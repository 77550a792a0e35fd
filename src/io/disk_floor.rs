//! The disk floor of a file run, measured in the same run: a plain sequential write (then
//! `fdatasync`) and read back of the same byte count in the output's folder, once, the file
//! removed afterwards. A file-to-file run cannot beat it by much: what it must do at least is
//! read its input and write its output. The read follows the write, so it comes from the page
//! cache as the input of a run usually does (a file the user just wrote); the write is synced,
//! so it is the disk's rate.

use crate::error::{JitError, Result};
use serde::Serialize;
use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

/// Bytes per `write`/`read` call (one thread, sequential, as `dd bs=64M` does).
const BLOCK: usize = 64 << 20;

/// A disk floor measured for `bytes` bytes.
#[derive(Debug, Clone, Serialize)]
pub struct DiskFloor {
    /// The folder it was measured in (the output's).
    pub folder: String,
    /// Bytes written and read back (the output's data bytes).
    pub bytes: u64,
    /// Sequential write of the bytes, `fdatasync` included (ms).
    pub write_ms: f64,
    /// Sequential read of the same file right after (page cache warm) (ms).
    pub read_ms: f64,
    /// write_ms + read_ms: what reading the input and writing the output at least cost.
    pub floor_ms: f64,
    /// Write rate (GB/s).
    pub write_gbs: f64,
    /// Read rate (GB/s).
    pub read_gbs: f64,
}

/// A floor and the run against it: what `vc --json --disk-floor` reports as `disk_floor`
/// (`routes::disk` measures it after the run).
#[derive(Debug, Clone, Serialize)]
pub struct DiskFloorReport {
    /// The plain write + read of the output's byte count.
    #[serde(flatten)]
    pub floor: DiskFloor,
    /// The run's host wall time from reading the input to the output written (ms; the last
    /// timed run in memory, the one that writes; the read + passes + write streamed); none where
    /// the route does not time its file steps.
    pub run_ms: Option<f64>,
    /// run_ms / floor_ms.
    pub ratio: Option<f64>,
    /// What run_ms covers.
    pub run_basis: &'static str,
    /// Host wall time of the whole floor measurement, the removal of its file included (ms):
    /// what a user without `--json` does not wait for (`tools/gpu/host_path.sh` takes it out
    /// of the process wall; removing 9.3 GB that are in the page cache is not free).
    pub measure_ms: f64,
}

/// Writes and reads back `bytes` bytes in a temporary file in `folder`, removed afterwards
/// (also on error); a non-zero pattern, so no file system can skip the blocks.
pub fn measure(folder: &Path, bytes: u64) -> Result<DiskFloor> {
    let io = |e: std::io::Error| JitError::file(folder, format!("disk floor: {e}"));
    let mut tmp = tempfile::Builder::new()
        .prefix(".jitfft-disk-floor")
        .tempfile_in(folder)
        .map_err(io)?;
    let _guard = super::interrupt::TempGuard::new(tmp.path());
    let block: Vec<u8> = (0..BLOCK.min(bytes.max(1) as usize))
        .map(|i| (i as u8) | 1)
        .collect();
    let t = Instant::now();
    let f = tmp.as_file_mut();
    let mut left = bytes;
    while left > 0 {
        let n = left.min(block.len() as u64) as usize;
        f.write_all(&block[..n]).map_err(io)?;
        left -= n as u64;
    }
    f.sync_data().map_err(io)?;
    let write_ms = t.elapsed().as_secs_f64() * 1e3;
    let mut f = std::fs::File::open(tmp.path()).map_err(io)?;
    let mut buf = vec![0u8; block.len()];
    let t = Instant::now();
    let mut read = 0u64;
    loop {
        let n = f.read(&mut buf).map_err(io)?;
        if n == 0 {
            break;
        }
        read += n as u64;
    }
    let read_ms = t.elapsed().as_secs_f64() * 1e3;
    if read != bytes {
        return Err(JitError::file(
            folder,
            format!("disk floor: read back {read} of {bytes} bytes"),
        ));
    }
    let gbs = |ms: f64| bytes as f64 / (ms.max(1e-6) * 1e6);
    Ok(DiskFloor {
        folder: folder.display().to_string(),
        bytes,
        write_ms,
        read_ms,
        floor_ms: write_ms + read_ms,
        write_gbs: gbs(write_ms),
        read_gbs: gbs(read_ms),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let f = measure(dir.path(), 3 * 1000 * 1000 + 7).unwrap();
        assert_eq!(f.bytes, 3_000_007);
        assert!(f.write_ms > 0.0 && f.read_ms > 0.0);
        assert!((f.floor_ms - f.write_ms - f.read_ms).abs() < 1e-9);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

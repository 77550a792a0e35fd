//! Small JSON files kept between runs (the `tune` wisdom files): read whole, a missing file
//! read as the empty value, written atomically. One wisdom file holds a section per transform
//! (`entries`: vc's schedules, `fft`: the FFT's); each reads and writes its own section as a
//! struct that keeps the others as they are (a flattened [`OtherSections`]).

use crate::error::{JitError, Result};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The sections of a wisdom file that one transform's view does not know, kept as read so
/// that its writes leave them in place.
pub type OtherSections = BTreeMap<String, serde_json::Value>;

/// The fastest choice `tune` measured for one key of a wisdom file (`C`: the transform's
/// schedule choice).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WisdomEntry<C> {
    /// The choice.
    pub choice: C,
    /// Its median kernel time (ms).
    pub kernel_ms: f64,
    /// When it was measured (UTC, from `bench::meta::utc_now`).
    pub date: String,
    /// Its median kernel time measured the way the run command (`vc`, `fft`) runs it (upload
    /// first), and the default plan's in the same `tune` run (absent in older wisdom files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vc_ms: Option<f64>,
    /// The default plan's median kernel time in that measurement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_vc_ms: Option<f64>,
}

/// Reads `path`: a missing (unreadable) file is `T::default()`, a corrupt one the error
/// `corrupt(parse error)` words.
pub fn load_or_default<T: DeserializeOwned + Default>(
    path: &Path,
    corrupt: impl FnOnce(serde_json::Error) -> String,
) -> Result<T> {
    match std::fs::read_to_string(path) {
        Ok(t) => serde_json::from_str(&t).map_err(|e| JitError::file(path, corrupt(e))),
        Err(_) => Ok(T::default()),
    }
}

/// [`load_or_default`] for a writer about to store into `path` (`tune`): a corrupt file is
/// not trusted and not in the way either: it reads as `T::default()`, and the second value
/// says what was wrong with it (the caller tells the user that it is being replaced).
pub fn load_for_update<T: DeserializeOwned + Default>(path: &Path) -> (T, Option<String>) {
    match std::fs::read_to_string(path).map(|t| serde_json::from_str(&t)) {
        Ok(Ok(t)) => (t, None),
        Ok(Err(e)) => (
            T::default(),
            Some(format!("{}: corrupt ({e}): replaced", path.display())),
        ),
        Err(_) => (T::default(), None),
    }
}

/// Writes `value` to `path` as pretty JSON, atomically, creating its folder.
pub fn save_pretty<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d)
            .map_err(|e| JitError::io(format!("creating {}", d.display()), e))?;
    }
    let text = serde_json::to_string_pretty(value).map_err(|e| JitError::invalid(e.to_string()))?;
    super::atomic::write_atomic(path, text.as_bytes())
}

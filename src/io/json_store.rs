//! Small JSON files kept between runs (the `tune` wisdom files): read whole, a missing file
//! read as the empty value, written atomically.

use crate::error::{JitError, Result};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::Path;

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

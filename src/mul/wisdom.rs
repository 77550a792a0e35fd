//! `jitfft tune mul` wisdom: the measured block/ntt crossover per device, in its own file
//! beside the VC wisdom (`mul-wisdom.json` in the cache folder, or `$JITFFT_MUL_WISDOM`).

use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Crossovers by device key.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct MulWisdom {
    /// Entries by [`wisdom_key`].
    pub entries: BTreeMap<String, CrossoverEntry>,
}

/// One device's measured crossover.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CrossoverEntry {
    /// Product limbs from which `ntt` was faster than `block` (kernel time, median).
    pub crossover_limbs: u64,
    /// Block size n the comparison used.
    pub block_n: usize,
    /// When it was measured (UTC).
    pub date: String,
}

/// The key: device name and driver version.
pub fn wisdom_key(gpu: &Gpu) -> String {
    format!("{} | {} | mul", gpu.info.name, gpu.info.driver_version)
}

/// `$JITFFT_MUL_WISDOM`, else `mul-wisdom.json` in the cache folder.
pub fn wisdom_path(knobs: &crate::runtime::Knobs) -> PathBuf {
    knobs
        .mul_wisdom
        .clone()
        .unwrap_or_else(|| crate::runtime::build::cache_root().join("mul-wisdom.json"))
}

impl MulWisdom {
    /// Reads the file; missing is empty, corrupt is an error.
    pub fn load(knobs: &crate::runtime::Knobs) -> Result<MulWisdom> {
        let path = wisdom_path(knobs);
        match std::fs::read_to_string(&path) {
            Ok(t) => serde_json::from_str(&t).map_err(|e| {
                JitError::file(
                    &path,
                    format!(
                        "corrupt mul wisdom file ({e}); delete it or run `jitfft tune mul` again"
                    ),
                )
            }),
            Err(_) => Ok(MulWisdom::default()),
        }
    }

    /// Writes the file atomically.
    pub fn save(&self, knobs: &crate::runtime::Knobs) -> Result<()> {
        let path = wisdom_path(knobs);
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d)
                .map_err(|e| JitError::io(format!("creating {}", d.display()), e))?;
        }
        let text =
            serde_json::to_string_pretty(self).map_err(|e| JitError::invalid(e.to_string()))?;
        crate::io::atomic::write_atomic(&path, text.as_bytes())
    }

    /// This device's entry, if tuned.
    pub fn lookup(&self, gpu: &Gpu) -> Option<&CrossoverEntry> {
        self.entries.get(&wisdom_key(gpu))
    }
}

/// `auto`'s crossover for `gpu`: the `jitfft tune mul` entry for this device where the wisdom
/// file has one, else the built-in default ([`crate::mul::plan::DEFAULT_CROSSOVER_LIMBS`]).
pub fn crossover_for(gpu: &Gpu) -> Result<(u64, crate::mul::CrossoverSource)> {
    use crate::mul::CrossoverSource;
    Ok(match MulWisdom::load(&gpu.knobs)?.lookup(gpu) {
        Some(e) => (
            e.crossover_limbs,
            CrossoverSource::Wisdom(wisdom_path(&gpu.knobs).display().to_string()),
        ),
        None => (
            crate::mul::plan::DEFAULT_CROSSOVER_LIMBS,
            CrossoverSource::Default,
        ),
    })
}

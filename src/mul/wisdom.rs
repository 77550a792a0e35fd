//! `jitfft tune mul` wisdom: the measured block/ntt crossover per device, in its own file
//! beside the VC wisdom (`mul-wisdom.json` in the cache folder, or `$JITFFT_MUL_WISDOM`).

use crate::error::Result;
use crate::io::json_store::{load_for_update, load_or_default, save_pretty};
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
        load_or_default(&wisdom_path(knobs), |e| {
            format!("corrupt mul wisdom file ({e}); delete it or run `jitfft tune mul` again")
        })
    }

    /// The file as `tune mul` reads it before storing: a corrupt one starts afresh (the
    /// note says so; `mul --method auto` refuses it instead, see [`MulWisdom::load`]).
    pub fn load_for_update(knobs: &crate::runtime::Knobs) -> (MulWisdom, Option<String>) {
        load_for_update(&wisdom_path(knobs))
    }

    /// Writes the file atomically.
    pub fn save(&self, knobs: &crate::runtime::Knobs) -> Result<()> {
        save_pretty(&wisdom_path(knobs), self)
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

//! `jitfft explore mul` / `jitfft tune mul`: times `block` and `ntt` on products of growing
//! size and finds the crossover (the smallest product from which `ntt` stays faster);
//! `tune` stores it per device in the mul wisdom file that `mul --method auto` reads.

use super::common::{info, print_json, say};
use super::mul::MulRunFlags;
use crate::bench::meta::utc_now;
use crate::mul::tune::{explore, validate};
use anyhow::Result;
use clap::Args;

/// `jitfft explore mul` and `jitfft tune mul`.
#[derive(Args, Debug)]
#[command(mut_arg("repeat", |a| a.help("Timed products per method and size (after one warm-up)")))]
#[command(mut_arg("json", |a| a.help("Print JSON instead of a table")))]
pub struct MulTuneArgs {
    /// Largest product to time, as log2 of its limbs (operands of half that each).
    #[arg(long, default_value_t = 16, value_name = "L")]
    pub max_log_limbs: u32,
    /// Block size n of the block method.
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub block_n: usize,
    /// The timed products per method and size, the report format and the device.
    #[command(flatten)]
    pub run: MulRunFlags,
}

/// Runs explore (`store` false) or tune (`store` true).
pub fn run(a: MulTuneArgs, store: bool) -> Result<()> {
    validate(a.max_log_limbs, a.block_n, a.run.repeat)?;
    let gpu = a.run.device.open()?;
    let progress = |l| info(format_args!("product of 2^{l} limbs ..."));
    let c = explore(&gpu, a.max_log_limbs, a.block_n, a.run.repeat, progress)?;
    let stored = match store {
        true => Some(c.store(&gpu, utc_now(), |n| info(format_args!("{n}")))?),
        false => None,
    };
    if a.run.json {
        return print_json(&serde_json::json!({
            "device": gpu.info, "crossover_limbs": c.crossover_limbs, "ntt_won": c.ntt_won,
            "stored": stored, "points": c.points,
        }));
    }
    c.lines().iter().for_each(|l| say!("{l}"));
    if let Some(path) = stored {
        say!("stored in {}", path.display());
    }
    Ok(())
}

//! `jitfft explore mul` / `jitfft tune mul`: times `block` and `ntt` on products of growing
//! size and finds the crossover (the smallest product from which `ntt` stays faster);
//! `tune` stores it per device in the mul wisdom file that `mul --method auto` reads.

use super::common::{info, ms, open_device, print_json, say};
use crate::bench::meta::utc_now;
use crate::mul::reference::product;
use crate::mul::wisdom::{wisdom_key, wisdom_path, CrossoverEntry, MulWisdom};
use crate::mul::{Method, MulPlan, Multiplier};
use crate::runtime::{Gpu, Summary};
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;

/// `jitfft explore mul` and `jitfft tune mul`.
#[derive(Args, Debug)]
pub struct MulTuneArgs {
    /// Largest product to time, as log2 of its limbs (operands of half that each).
    #[arg(long, default_value_t = 16, value_name = "L")]
    pub max_log_limbs: u32,
    /// Block size n of the block method.
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub block_n: usize,
    /// Timed products per method and size (after one warm-up).
    #[arg(long, default_value_t = 5, value_name = "K")]
    pub repeat: usize,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
}

#[derive(Serialize)]
struct Point {
    product_limbs: usize,
    block_kernel_ms: Option<Summary>,
    ntt_kernel_ms: Summary,
}

fn time(gpu: &Gpu, method: Method, n: usize, limbs: usize, repeat: usize) -> Result<Summary> {
    let plan = MulPlan::new(limbs, limbs, method, n)?;
    let m = Multiplier::new(gpu, &plan)?;
    let (a, b) = crate::mul::input::random_operands(64 * limbs as u64, 64 * limbs as u64, 7);
    let mut t = Vec::new();
    for i in 0..=repeat {
        let (p, times) = m.multiply(gpu, &a, &b)?;
        if i == 0 && p != product(&a, &b) {
            bail!("{method} differs from GMP at {limbs} × {limbs} limbs: not tuning on a wrong result");
        }
        if i > 0 {
            t.push(times.kernel_ms);
        }
    }
    m.release()?;
    Ok(Summary::of(&t))
}

/// Runs explore (`store` false) or tune (`store` true).
pub fn run(a: MulTuneArgs, store: bool) -> Result<()> {
    if a.repeat == 0 {
        bail!("--repeat 0: at least one timed run is needed");
    }
    if !(2..=28).contains(&a.max_log_limbs) {
        bail!("--max-log-limbs {}: use 2 to 28", a.max_log_limbs);
    }
    MulPlan::new(1, 1, Method::Block, a.block_n)?;
    let gpu = open_device(a.device.as_deref())?;
    let mut points = Vec::new();
    let mut crossover: Option<usize> = None;
    let mut block_done = false;
    for l in 1..=a.max_log_limbs {
        let limbs = 1usize << (l - 1);
        info(format_args!("product of 2^{l} limbs ..."));
        let ntt = time(&gpu, Method::Ntt, a.block_n, limbs, a.repeat)?;
        let block = if block_done {
            None
        } else {
            Some(time(&gpu, Method::Block, a.block_n, limbs, a.repeat)?)
        };
        match block {
            Some(b) if b.median < ntt.median => crossover = None,
            Some(b) => {
                crossover.get_or_insert(2 * limbs);
                // Far behind: block only grows as N² from here.
                block_done = b.median > 8.0 * ntt.median;
            }
            None => {}
        }
        points.push(Point {
            product_limbs: 2 * limbs,
            block_kernel_ms: block,
            ntt_kernel_ms: ntt,
        });
    }
    let measured = crossover.is_some();
    // ntt never won: block up to the largest size timed.
    let cross = crossover.unwrap_or(2 << a.max_log_limbs) as u64;
    if store {
        let mut w = MulWisdom::load(&gpu.knobs)?;
        w.entries.insert(
            wisdom_key(&gpu),
            CrossoverEntry {
                crossover_limbs: cross,
                block_n: a.block_n,
                date: utc_now(),
            },
        );
        w.save(&gpu.knobs)?;
    }
    if a.json {
        return print_json(&serde_json::json!({
            "device": gpu.info, "crossover_limbs": cross, "ntt_won": measured,
            "stored": store.then(|| wisdom_path(&gpu.knobs)), "points": points,
        }));
    }
    say!("device {}", gpu.describe());
    say!(
        "product limbs   block kernel   ntt kernel (median of {})",
        a.repeat
    );
    for p in &points {
        say!(
            "{:>13}   {:>12}   {:>10}",
            p.product_limbs,
            p.block_kernel_ms
                .map(|s| ms(s.median))
                .unwrap_or("-".into()),
            ms(p.ntt_kernel_ms.median)
        );
    }
    say!(
        "crossover: {} product limbs{}",
        cross,
        if measured {
            ""
        } else {
            " (ntt never faster up to the largest size timed)"
        }
    );
    if store {
        say!("stored in {}", wisdom_path(&gpu.knobs).display());
    }
    Ok(())
}

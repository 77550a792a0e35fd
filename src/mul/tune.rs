//! The block/ntt crossover of a device: both methods timed on products of growing size (each
//! first checked against GMP), the crossover the smallest product from which `ntt` stays
//! faster; [`Crossover::store`] puts it in the mul wisdom that `--method auto` reads.

use super::reference::product;
use super::wisdom::{wisdom_key, wisdom_path, CrossoverEntry, MulWisdom};
use super::{Method, MulPlan, Multiplier};
use crate::error::{JitError, Result};
use crate::runtime::show::ms;
use crate::runtime::timing::warm_then_timed;
use crate::runtime::{Gpu, Summary};
use serde::Serialize;
use std::path::PathBuf;

/// One product size: both methods' kernel times (block left out once far behind).
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct Point {
    pub product_limbs: usize,
    pub block_kernel_ms: Option<Summary>,
    pub ntt_kernel_ms: Summary,
}

/// The measured crossover.
#[derive(Debug, Clone, Serialize)]
pub struct Crossover {
    /// The device's name, platform and driver.
    pub device: String,
    /// Product limbs from which `ntt` is used.
    pub crossover_limbs: u64,
    /// Whether ntt ever won (else the crossover is past the largest size timed).
    pub ntt_won: bool,
    /// Block size n of the block method.
    pub block_n: usize,
    /// Timed products per method and size.
    pub repeat: usize,
    /// Each size timed.
    pub points: Vec<Point>,
}

/// Kernel time of `method` on `limbs` × `limbs` products after one warm-up; a product that
/// differs from GMP's stops the tuning.
fn time(gpu: &Gpu, method: Method, n: usize, limbs: usize, repeat: usize) -> Result<Summary> {
    let plan = MulPlan::new(limbs, limbs, method, n)?;
    let m = Multiplier::new(gpu, &plan)?;
    let (a, b) = super::input::random_operands(64 * limbs as u64, 64 * limbs as u64, 7);
    let (p, runs) = warm_then_timed(repeat, || m.multiply(gpu, &a, &b))?;
    m.release()?;
    if p != product(&a, &b) {
        return Err(JitError::Device(format!(
            "{method} differs from GMP at {limbs} × {limbs} limbs: not tuning on a wrong result"
        )));
    }
    Ok(Summary::over(&runs, |t| t.kernel_ms))
}

/// Checks the sizes and repeats before a device is opened.
pub fn validate(max_log_limbs: u32, block_n: usize, repeat: usize) -> Result<()> {
    if repeat == 0 {
        return Err(JitError::invalid(
            "--repeat 0: at least one timed run is needed",
        ));
    }
    if !(2..=28).contains(&max_log_limbs) {
        return Err(JitError::invalid(format!(
            "--max-log-limbs {max_log_limbs}: use 2 to 28"
        )));
    }
    MulPlan::new(1, 1, Method::Block, block_n)?;
    Ok(())
}

/// Times both methods on products of 2^1 … 2^`max_log_limbs` limbs; `progress` hears each
/// size before it is timed.
pub fn explore(
    gpu: &Gpu,
    max_log_limbs: u32,
    block_n: usize,
    repeat: usize,
    mut progress: impl FnMut(u32),
) -> Result<Crossover> {
    validate(max_log_limbs, block_n, repeat)?;
    let mut points = Vec::new();
    let mut crossover: Option<usize> = None;
    let mut block_done = false;
    for l in 1..=max_log_limbs {
        let limbs = 1usize << (l - 1);
        progress(l);
        let ntt = time(gpu, Method::Ntt, block_n, limbs, repeat)?;
        let block = match block_done {
            true => None,
            false => Some(time(gpu, Method::Block, block_n, limbs, repeat)?),
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
    Ok(Crossover {
        device: gpu.describe(),
        // ntt never won: block up to the largest size timed.
        crossover_limbs: crossover.unwrap_or(2 << max_log_limbs) as u64,
        ntt_won: crossover.is_some(),
        block_n,
        repeat,
        points,
    })
}

impl Crossover {
    /// Stores the crossover for `gpu` in the mul wisdom, dated `date`; returns the file. A
    /// corrupt file is replaced, told to `note`.
    pub fn store(&self, gpu: &Gpu, date: String, note: impl FnOnce(String)) -> Result<PathBuf> {
        let (mut w, corrupt) = MulWisdom::load_for_update(&gpu.knobs);
        if let Some(n) = corrupt {
            note(n);
        }
        let entry = CrossoverEntry {
            crossover_limbs: self.crossover_limbs,
            block_n: self.block_n,
            date,
        };
        w.entries.insert(wisdom_key(gpu), entry);
        w.save(&gpu.knobs)?;
        Ok(wisdom_path(&gpu.knobs))
    }

    /// The table as text, a line each.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!("device {}", self.device),
            format!(
                "product limbs   block kernel   ntt kernel (median of {})",
                self.repeat
            ),
        ];
        out.extend(self.points.iter().map(|p| {
            format!(
                "{:>13}   {:>12}   {:>10}",
                p.product_limbs,
                p.block_kernel_ms
                    .map(|s| ms(s.median))
                    .unwrap_or("-".into()),
                ms(p.ntt_kernel_ms.median)
            )
        }));
        let never = " (ntt never faster up to the largest size timed)";
        out.push(format!(
            "crossover: {} product limbs{}",
            self.crossover_limbs,
            if self.ntt_won { "" } else { never }
        ));
        out
    }
}

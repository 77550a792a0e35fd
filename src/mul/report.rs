//! The report of a `mul` run: the plan (method, crossover, digits, bound), the times and GMP
//! beside them, the check; as JSON (serde) or text ([`Report::lines`]).

use super::{CrossoverSource, Method, MulSchedule};
use crate::ntt::Variant;
use crate::runtime::show::ms;
use crate::runtime::Summary;
use serde::Serialize;

/// What one `mul` run did and measured.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct Report {
    pub device: String,
    pub method: Method,
    pub method_asked: Method,
    pub crossover_limbs: u64,
    pub crossover_source: CrossoverSource,
    pub operands: String,
    pub a_limbs: usize,
    pub b_limbs: usize,
    pub a_bits: u64,
    pub b_bits: u64,
    pub product_limbs: usize,
    pub limb_bits: u32,
    pub digit_bits: u32,
    pub block_n: Option<usize>,
    pub block_k: Option<usize>,
    pub ntt_log_n: Option<u32>,
    pub ntt_variant: Option<Variant>,
    pub overflow_bound: String,
    pub schedule: MulSchedule,
    pub repeat: usize,
    pub kernel_ms: Summary,
    pub carry_ms: Summary,
    pub upload_ms: Summary,
    pub download_ms: Summary,
    pub device_total_ms: Summary,
    pub end_to_end_ms: Summary,
    pub host_copies_ms: Summary,
    pub steps_ms: Vec<(String, f64)>,
    pub gmp_ms: Option<Summary>,
    pub gmp_over_end_to_end: Option<f64>,
    pub check: Option<bool>,
    /// Where the product is written (set by the front end).
    pub output: Option<String>,
}

impl Report {
    /// The report as text, a line each.
    pub fn lines(&self) -> Vec<String> {
        let r = self;
        let how = match (r.block_n, r.ntt_log_n) {
            (Some(n), _) => format!("n = {n}, k = {}", r.block_k.unwrap_or(0)),
            (_, Some(l)) => format!(
                "N = 2^{l} over Goldilocks, NTT variant {}",
                r.ntt_variant.map(|v| v.to_string()).unwrap_or_default()
            ),
            _ => String::new(),
        };
        let mut out = vec![
            format!("device     {}", r.device),
            format!(
                "product    {} ({} × {} limbs of {} bits → {} limbs)",
                r.operands, r.a_limbs, r.b_limbs, r.limb_bits, r.product_limbs
            ),
            format!(
                "method     {} (asked {}; crossover {} limbs, {:?}), {}-bit digits, {how}",
                r.method, r.method_asked, r.crossover_limbs, r.crossover_source, r.digit_bits
            ),
            format!("bound      {}", r.overflow_bound),
            format!(
                "kernels    {} (carries {}), median of {}",
                ms(r.kernel_ms.median),
                ms(r.carry_ms.median),
                r.repeat
            ),
            format!(
                "transfers  upload {}, download {}",
                ms(r.upload_ms.median),
                ms(r.download_ms.median)
            ),
            format!(
                "end to end {} (pinned host memory → product in pinned memory, host clock; device events sum {}; copies to/from the caller's slices {} more)",
                ms(r.end_to_end_ms.median),
                ms(r.device_total_ms.median),
                ms(r.host_copies_ms.median)
            ),
        ];
        out.extend(r.gmp_ms.map(|g| {
            format!(
                "GMP        {} (rug mpz_mul, this host, one thread): {:.2}× the device end to end",
                ms(g.median),
                r.gmp_over_end_to_end.unwrap_or(f64::NAN)
            )
        }));
        out.extend(r.check.map(|c| match c {
            true => "check      equal to GMP's product (rug), bit for bit".to_string(),
            false => "check      DIFFERS from GMP's product (rug)".to_string(),
        }));
        out
    }
}

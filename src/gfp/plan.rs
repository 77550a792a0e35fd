//! What to compute (a validated plan) and how (the stage schedule of the FFT).
//!
//! The FFT is iterative decimation-in-frequency over N = 2^L: stages of radix K = 2k (and one
//! smaller power-of-two radix R | K for the remaining factor), each a batch of shift-only
//! DFT_R with ω = r^(K/R), followed by a twiddle multiplication by powers of ω_M (block size M);
//! a final mixed-radix digit-reversal permutation puts the spectrum in natural order.

use super::field::GfpField;
use crate::error::{JitError, Result};
use rug::Integer;
use serde::Serialize;

/// The largest log2 N accepted (device memory is checked separately).
pub const MAX_LOG_N: u32 = 28;

/// Local memory one DFT work-group may use, and its work-item cap, when no device says less.
pub const LOCAL_BUDGET_BYTES: u64 = 32 * 1024;
/// Work-item cap of a DFT work-group.
pub const MAX_GROUP: usize = 1024;

/// One DIF stage: DFT_radix on elements q + m·stride of each block of `block` elements, then
/// (except the last stage) the twiddle ω_block^(m·q).
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Stage {
    /// DFT size of the stage: K, or a smaller power of two for the last stage.
    pub radix: u32,
    /// Block length M the stage's DFTs work within (N for the first stage).
    pub block: u64,
    /// Distance S between the elements of one DFT, M / radix.
    pub stride: u64,
    /// DFT instances per work-group (each work-group holds them in local memory).
    pub group: u64,
}

/// A validated GFP FFT: N = 2^log_n elements of one field, stages in order.
#[derive(Debug, Clone, Serialize)]
pub struct GfpPlan {
    /// The field Z/pZ, p = r^k + 1.
    pub field: GfpField,
    /// log2 of the transform size N.
    pub log_n: u32,
    /// N.
    pub n: u64,
    /// Inverse transform (ω_N⁻¹, result × 1/N).
    pub inverse: bool,
    /// ω_N of the forward transform (the inverse uses ω_N^−1 and scales by 1/N).
    #[serde(serialize_with = "super::field::ser_int")]
    pub omega: Integer,
    /// The DIF stages in launch order.
    pub stages: Vec<Stage>,
}

/// The sizes a field supports, for error messages.
pub fn supported_sizes(f: &GfpField) -> String {
    let max = f.two_adicity.min(MAX_LOG_N);
    format!(
        "N = 2^L with 1 ≤ L ≤ {max} (2-adicity of p − 1 is {})",
        f.two_adicity
    )
}

/// Radices of the stages: K while it divides, then the remaining power of two.
pub fn radices(f: &GfpField, log_n: u32) -> Vec<u32> {
    let log_k = f.big_k().trailing_zeros();
    let mut v = vec![f.big_k(); (log_n / log_k) as usize];
    if log_n % log_k != 0 {
        v.push(1 << (log_n % log_k));
    }
    v
}

/// DFT instances per work-group: as many as fit the local budget and the work-group cap.
pub fn group_size(
    f: &GfpField,
    radix: u32,
    instances: u64,
    local_bytes: u64,
    max_wg: usize,
) -> u64 {
    let per = radix as u64 * f.k as u64 * 8;
    let mut g = 1u64;
    while g * 2 <= instances
        && g * 2 * per <= local_bytes
        && (g * 2 * radix as u64 / 2) as usize <= max_wg
        && g < 256
    {
        g *= 2;
    }
    g
}

impl GfpPlan {
    /// Validates N against the field; `local_bytes`/`max_wg` shape the DFT work-groups.
    pub fn new(
        field: GfpField,
        log_n: u32,
        inverse: bool,
        local_bytes: u64,
        max_wg: usize,
    ) -> Result<GfpPlan> {
        if log_n == 0 || log_n > field.two_adicity.min(MAX_LOG_N) {
            return Err(JitError::invalid(format!(
                "N = 2^{log_n} is not supported for p = {}^{} + 1: {}",
                field.r,
                field.k,
                supported_sizes(&field)
            )));
        }
        let per_instance = 2 * field.big_k() as u64 * field.k as u64 * 8;
        if per_instance > local_bytes.max(1) || (field.big_k() / 2) as usize > max_wg {
            return Err(JitError::Device(format!(
                "a DFT_{} over {} digits needs {} bytes of local memory and {} work-items; the \
                 device offers {local_bytes} bytes and {max_wg} work-items",
                field.big_k(),
                field.k,
                per_instance / 2,
                field.big_k() / 2
            )));
        }
        let n = 1u64 << log_n;
        let omega = field.root_of_unity(log_n)?;
        let mut stages = Vec::new();
        let mut block = n;
        for radix in radices(&field, log_n) {
            let stride = block / radix as u64;
            let group = group_size(&field, radix, n / radix as u64, local_bytes, max_wg);
            stages.push(Stage {
                radix,
                block,
                stride,
                group,
            });
            block = stride;
        }
        Ok(GfpPlan {
            field,
            log_n,
            n,
            inverse,
            omega,
            stages,
        })
    }

    /// ω_N of this direction.
    pub fn omega_dir(&self) -> Result<Integer> {
        if self.inverse {
            self.field.inverse(&self.omega)
        } else {
            Ok(self.omega.clone())
        }
    }

    /// Exponent e of r with ω_R = r^e for a stage of radix R in this direction.
    pub fn base_exponent(&self, radix: u32) -> u32 {
        let kk = self.field.big_k();
        let e = kk / radix;
        if self.inverse {
            (kk - e) % kk
        } else {
            e
        }
    }

    /// Output position of frequency f after the DIF stages (mixed-radix digit reversal).
    pub fn position_of(&self, f: u64) -> u64 {
        let mut rest = f;
        let mut pos = 0;
        for s in &self.stages {
            let j = rest % s.radix as u64;
            rest /= s.radix as u64;
            pos += j * s.stride;
        }
        pos
    }

    /// The stage radices, e.g. `16×16×4`.
    pub fn radices_string(&self) -> String {
        self.stages
            .iter()
            .map(|s| s.radix.to_string())
            .collect::<Vec<_>>()
            .join("×")
    }
}

//! What to compute: field, limb width, size, variant, direction. Validated here.

use crate::error::{JitError, Result};
use crate::field::{lazy_ok, Arith, FieldCfg};
use crate::field::{LimbBits, MontParams, PrimeField};
use rug::Integer;
use serde::Serialize;
use std::fmt;

/// Largest transform: indices stay within 32 bits with room to spare.
pub const MAX_LOG_N: u32 = 30;

/// How an NTT is computed (`--variant`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// One launch per radix-2 DIT stage after a bit-reversal permutation (the baseline).
    Radix2,
    /// Radix-2/8 split radix: one launch per block size, then an output permutation.
    Split28,
    /// Stockham passes of radix 2^r (r ≤ 10) in local memory: ≤ 3 passes up to 2^30.
    Fused,
}

impl Variant {
    /// Parses a variant name (`radix2`, `split28`, `fused`); the error names the choices.
    pub fn parse(s: &str) -> Result<Variant> {
        match s {
            "radix2" => Ok(Variant::Radix2),
            "split28" => Ok(Variant::Split28),
            "fused" => Ok(Variant::Fused),
            _ => Err(JitError::invalid(format!(
                "--variant {s}: use radix2, split28 or fused"
            ))),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Variant::Radix2 => "radix2",
            Variant::Split28 => "split28",
            Variant::Fused => "fused",
        })
    }
}

/// `--arith`: how the field arithmetic's carry chains are emitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum ArithChoice {
    /// PTX on NVIDIA devices, portable elsewhere (and in `source ntt`, which has no device).
    Auto,
    /// C macros with an explicit carry: any device.
    Portable,
    /// Inline PTX carry chains (`add.cc`, `madc.hi.cc`): NVIDIA only.
    Ptx,
}

/// `--kernel` of the fused variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum FusedKernel {
    /// Each work-item transforms `elems` points in registers per exchange through local
    /// memory; no Montgomery conversions (see `ntt::kernels`).
    Regs,
    /// The first fused kernel: one radix-2 stage per exchange, conversions in and out of
    /// Montgomery form, twiddles w^e = hi·lo (kept for comparison).
    Stages,
}

/// `--twiddles` of the regs kernel: the factors w^(jk) between passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Twiddles {
    /// A table per pass (one load per element; the inverse's N^-1 folded into the last).
    Table,
    /// `hi[e >> H]·lo[e & (2^H − 1)]`: one more multiplication per element, tables of 2·2^(L/2).
    Split,
}

/// `--reduce`: where values may stay in [0, 2p) inside a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Reduce {
    /// Lazy where the modulus leaves room (4p < R) and the kernel supports it, else full.
    Auto,
    /// Values in [0, 2p) inside passes (needs 4p < R).
    Lazy,
    /// Every result reduced to [0, p).
    Full,
}

/// Generator options of an NTT (the defaults are the fastest known).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NttOptions {
    /// Montgomery multiplication in portable C or inline PTX (`auto`: PTX on NVIDIA).
    pub arith: ArithChoice,
    /// Which kernel the fused variant generates (regs is the fast one).
    pub kernel: FusedKernel,
    /// Points per work-item in the regs kernel (2, 4, 8 or 16).
    pub elems: u32,
    /// Regs kernel twiddles: one table per pass, or split hi/lo tables (smaller, one more
    /// multiplication per element).
    pub twiddles: Twiddles,
    /// Lazy or full reduction inside passes (`auto`: lazy where the field's headroom allows).
    pub reduce: Reduce,
    /// Largest radix exponent of a fused pass (None: as large as local memory allows, ≤ 10).
    pub max_radix_log: Option<u32>,
}

impl Default for NttOptions {
    fn default() -> NttOptions {
        NttOptions {
            arith: ArithChoice::Auto,
            kernel: FusedKernel::Regs,
            elems: 8,
            twiddles: Twiddles::Table,
            reduce: Reduce::Auto,
            max_radix_log: None,
        }
    }
}

fn bad(flag: &str, s: &str, choices: &str) -> JitError {
    JitError::invalid(format!("--{flag} {s}: use {choices}"))
}

impl ArithChoice {
    /// Parses `--arith` (`auto`, `portable`, `ptx`); the error names the choices.
    pub fn parse(s: &str) -> Result<ArithChoice> {
        match s {
            "auto" => Ok(ArithChoice::Auto),
            "portable" => Ok(ArithChoice::Portable),
            "ptx" => Ok(ArithChoice::Ptx),
            _ => Err(bad("arith", s, "auto, portable or ptx")),
        }
    }

    /// Whether this choice gives PTX carry chains on a device of vendor key `vendor`
    /// (`DeviceInfo::vendor_key`): auto and ptx on NVIDIA (ptx elsewhere is refused by
    /// [`NttPlan::for_device`]).
    pub fn ptx_on(self, vendor: &str) -> bool {
        vendor == "nvidia" && self != ArithChoice::Portable
    }
}

impl FusedKernel {
    /// Parses `--kernel` (`regs`, `stages`); the error names the choices.
    pub fn parse(s: &str) -> Result<FusedKernel> {
        match s {
            "regs" => Ok(FusedKernel::Regs),
            "stages" => Ok(FusedKernel::Stages),
            _ => Err(bad("kernel", s, "regs or stages")),
        }
    }
}

impl Twiddles {
    /// Parses `--twiddles` (`table`, `split`); the error names the choices.
    pub fn parse(s: &str) -> Result<Twiddles> {
        match s {
            "table" => Ok(Twiddles::Table),
            "split" => Ok(Twiddles::Split),
            _ => Err(bad("twiddles", s, "table or split")),
        }
    }
}

impl Reduce {
    /// Parses `--reduce` (`auto`, `lazy`, `full`); the error names the choices.
    pub fn parse(s: &str) -> Result<Reduce> {
        match s {
            "auto" => Ok(Reduce::Auto),
            "lazy" => Ok(Reduce::Lazy),
            "full" => Ok(Reduce::Full),
            _ => Err(bad("reduce", s, "auto, lazy or full")),
        }
    }
}

/// A validated NTT request.
#[derive(Debug, Clone)]
pub struct NttPlan {
    /// The field and its Montgomery constants for the chosen limb width.
    pub mont: MontParams,
    /// log2 of the transform size N.
    pub log_n: u32,
    /// How the transform is computed.
    pub variant: Variant,
    /// Inverse transform (root ω_N⁻¹, result × N⁻¹) instead of forward.
    pub inverse: bool,
    /// ω_N = g^((p−1)/N).
    pub omega: Integer,
    /// The root the kernels use: ω_N forward, ω_N⁻¹ inverse.
    pub root: Integer,
    /// N⁻¹ mod p (applied by the inverse).
    pub n_inv: Integer,
    /// Generator options as asked for.
    pub opts: NttOptions,
    /// The arithmetic the kernels are generated with (`auto` resolved: see [`NttPlan::for_device`]).
    pub arith: Arith,
    /// Lazy reduction (values in [0, 2p) inside passes): `opts.reduce` resolved.
    pub lazy: bool,
}

impl NttPlan {
    /// Validates an NTT of 2^`log_n` elements of `field` with the default [`NttOptions`].
    ///
    /// Errors: `log_n` beyond the field's 2-adicity or the variant's limits
    /// ([`JitError::InvalidInput`]).
    pub fn new(
        field: &PrimeField,
        limb: LimbBits,
        log_n: u32,
        variant: Variant,
        inverse: bool,
    ) -> Result<NttPlan> {
        NttPlan::with_options(field, limb, log_n, variant, inverse, NttOptions::default())
    }

    /// Validates an NTT of 2^`log_n` elements of `field` with explicit generator options.
    ///
    /// Errors: `log_n` beyond the field's 2-adicity or the variant's limits, or options the variant
    /// or field cannot use (e.g. lazy reduction without headroom).
    pub fn with_options(
        field: &PrimeField,
        limb: LimbBits,
        log_n: u32,
        variant: Variant,
        inverse: bool,
        opts: NttOptions,
    ) -> Result<NttPlan> {
        if log_n == 0 {
            return Err(JitError::invalid(
                "--log-n 0: the smallest NTT has N = 2^1 points",
            ));
        }
        field.check_log_n(log_n)?;
        if log_n > MAX_LOG_N {
            return Err(JitError::invalid(format!(
                "N = 2^{log_n} is beyond the supported maximum 2^{MAX_LOG_N}"
            )));
        }
        let omega = field.omega(log_n)?;
        let root = if inverse {
            field.inverse(&omega)?
        } else {
            omega.clone()
        };
        let n_inv = field.inverse(&Integer::from(Integer::u_pow_u(2, log_n)))?;
        if ![2, 4, 8, 16].contains(&opts.elems) {
            return Err(JitError::invalid(format!(
                "--elems {}: points per work-item are 2, 4, 8 or 16",
                opts.elems
            )));
        }
        if opts.max_radix_log.is_some_and(|m| !(1..=10).contains(&m)) {
            return Err(JitError::invalid(
                "--max-radix: a fused pass has radix 2 to 1024",
            ));
        }
        let mont = MontParams::new(field, limb);
        // Lazy reduction lives in the regs kernel only; the others keep values below p.
        let supports_lazy = variant == Variant::Fused && opts.kernel == FusedKernel::Regs;
        let lazy = match opts.reduce {
            Reduce::Full => false,
            Reduce::Auto => supports_lazy && lazy_ok(&mont),
            Reduce::Lazy => {
                if !lazy_ok(&mont) {
                    return Err(JitError::invalid(format!(
                        "--reduce lazy needs 4p < R = 2^{} (two spare bits); {} ({} bits) in {} limbs has not: use --reduce full or auto",
                        mont.limb.bits() * mont.limbs as u32,
                        field.name,
                        field.bits(),
                        limb
                    )));
                }
                if !supports_lazy {
                    return Err(JitError::invalid(format!(
                        "--reduce lazy: only the fused variant's regs kernel keeps values in [0, 2p); {variant} reduces fully (use --reduce full or auto)"
                    )));
                }
                true
            }
        };
        let arith = match opts.arith {
            ArithChoice::Ptx => Arith::Ptx,
            ArithChoice::Auto | ArithChoice::Portable => Arith::Portable,
        };
        Ok(NttPlan {
            mont,
            log_n,
            variant,
            inverse,
            omega,
            root,
            n_inv,
            opts,
            arith,
            lazy,
        })
    }

    /// The plan for a device with vendor key `vendor` (`DeviceInfo::vendor_key`): `--arith
    /// auto` becomes PTX on NVIDIA, and PTX on any other vendor is refused.
    pub fn for_device(&self, vendor: &str, device: &str) -> Result<NttPlan> {
        let mut p = self.clone();
        p.arith = match (self.opts.arith, self.opts.arith.ptx_on(vendor)) {
            (_, true) => Arith::Ptx,
            (ArithChoice::Auto | ArithChoice::Portable, false) => Arith::Portable,
            (ArithChoice::Ptx, false) => {
                return Err(JitError::invalid(format!(
                    "--arith ptx emits inline PTX, which only NVIDIA's OpenCL compiles; {device} is not an NVIDIA device (use --arith portable or auto)"
                )))
            }
        };
        Ok(p)
    }

    /// The field arithmetic the kernels are generated with.
    pub fn field_cfg(&self) -> FieldCfg {
        FieldCfg {
            arith: self.arith,
            lazy: self.lazy,
        }
    }

    /// Whether the fused variant runs the regs kernel.
    pub fn regs_kernel(&self) -> bool {
        self.variant == Variant::Fused && self.opts.kernel == FusedKernel::Regs
    }

    /// Transform size N = 2^log_n.
    pub fn n(&self) -> usize {
        1usize << self.log_n
    }

    /// The prime field the transform works over.
    pub fn field(&self) -> &PrimeField {
        &self.mont.field
    }

    /// ω^e of the kernels' root in the device's Montgomery form.
    pub fn root_pow_mont(&self, e: u64) -> Integer {
        let p = &self.field().p;
        let x = self
            .root
            .clone()
            .pow_mod(&Integer::from(e), p)
            .expect("p > 0");
        self.mont.to_mont(&x)
    }

    /// Device bytes of one N-point array.
    pub fn array_bytes(&self) -> u64 {
        (self.n() * self.mont.element_bytes()) as u64
    }
}

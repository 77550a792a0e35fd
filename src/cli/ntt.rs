//! `jitfft ntt`: an NTT over an odd prime field on a device, timed by profiling events,
//! optionally checked bit for bit against the CPU reference (`ntt::request` decides and runs).

use super::common::{open_one_or_set, print_and_conclude, say_lines, write_data, Opened, RunFlags};
use super::field::FieldArgs;
use crate::ntt::data::format_elements;
use crate::ntt::plan::{ArithChoice, FusedKernel, NttOptions, Reduce, Twiddles};
use crate::ntt::{Request, Schedule, Spec, Variant};
use crate::runtime::DeviceSet;
use anyhow::Result;
use clap::Args;

/// The flags that define a transform (shared by `ntt` and `source ntt`).
#[derive(Args, Debug, Clone)]
pub struct NttSpecArgs {
    /// The field.
    #[command(flatten)]
    pub f: FieldArgs,
    /// N = 2^L points (inferred from --input when omitted); also --n L, or --size N.
    #[arg(long, alias = "n", value_name = "L", conflicts_with = "size")]
    pub log_n: Option<u32>,
    /// N points: a power of two, written 2^20 or 1048576 (same as --log-n 20).
    #[arg(long, value_name = "N", value_parser = crate::io::text::parse_size)]
    pub size: Option<u32>,
    /// radix2 (one launch per stage), split28 (radix-2/8 split radix) or fused (local memory).
    #[arg(long, value_enum, default_value_t = Variant::Fused, overrides_with = "variant", value_name = "VARIANT")]
    pub variant: Variant,
    /// Limb width of the generated arithmetic: 32 or 64 (default: 32 where the carry chains
    /// are PTX, i.e. on NVIDIA devices, measured 2.3× faster there for BN254 Fr; else 64).
    #[arg(long, overrides_with = "limbs", value_name = "BITS")]
    pub limbs: Option<u32>,
    /// The inverse transform (ω⁻¹ and a factor N⁻¹).
    #[arg(long)]
    pub inverse: bool,
    /// Carry chains of the field arithmetic: auto (ptx on NVIDIA devices, portable elsewhere
    /// and in `source ntt`), portable (C macros) or ptx (inline PTX, NVIDIA only).
    #[arg(long, value_enum, default_value_t = ArithChoice::Auto, overrides_with = "arith", value_name = "ARITH")]
    pub arith: ArithChoice,
    /// Fused kernel: regs (points in registers between exchanges, no Montgomery conversions)
    /// or stages (one radix-2 stage per exchange, the first fused kernel).
    #[arg(long, value_enum, default_value_t = FusedKernel::Regs, overrides_with = "kernel", value_name = "KERNEL")]
    pub kernel: FusedKernel,
    /// Regs kernel: points per work-item per exchange (2, 4, 8, 16).
    #[arg(
        long,
        default_value_t = 8,
        overrides_with = "elems",
        value_name = "POINTS"
    )]
    pub elems: u32,
    /// Regs kernel: twiddles between passes from a table per pass (table) or as hi·lo (split).
    #[arg(long, value_enum, default_value_t = Twiddles::Table, overrides_with = "twiddles", value_name = "TWIDDLES")]
    pub twiddles: Twiddles,
    /// Values in [0, 2p) inside passes: auto (where 4p < R, regs kernel), lazy or full.
    #[arg(long, value_enum, default_value_t = Reduce::Auto, overrides_with = "reduce", value_name = "REDUCE")]
    pub reduce: Reduce,
    /// Largest radix of a fused pass (a power of two, 2 to 1024; default: what local memory
    /// holds), e.g. to compare more, smaller passes.
    #[arg(long, overrides_with = "max_radix", value_name = "RADIX")]
    pub max_radix: Option<u64>,
}

impl NttSpecArgs {
    /// The transform as the library takes it.
    pub fn spec(&self) -> Spec {
        Spec {
            field: self.f.spec(),
            log_n: self.log_n.or(self.size),
            variant: self.variant,
            limbs: self.limbs,
            inverse: self.inverse,
            options: NttOptions {
                arith: self.arith,
                kernel: self.kernel,
                elems: self.elems,
                twiddles: self.twiddles,
                reduce: self.reduce,
                max_radix_log: None,
            },
            max_radix: self.max_radix,
        }
    }
}

/// `--input`: one decimal integer in [0, p) a line, N = number of lines (a power of two).
/// `--output`: the result, one decimal integer a line (written only when everything
/// succeeded; `-`: stdout).
#[derive(Args, Debug)]
pub struct NttArgs {
    /// The field, size, variant and options.
    #[command(flatten)]
    pub t: NttSpecArgs,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
    /// B rows of N elements, each transformed (`--input`: B·N lines, row after row); a
    /// device set (`--device 0,1`) splits the rows over its members.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..), value_name = "B")]
    pub batch: u64,
}

/// Runs `jitfft ntt`.
pub fn run(a: NttArgs) -> Result<()> {
    let req = Request {
        spec: a.t.spec(),
        run: a.run.validated()?,
        batch: a.batch as usize,
    };
    // Everything about the request is validated before a device is opened.
    let prepared = crate::ntt::request::prepare(&req)?;
    let what = "`ntt` without --batch B";
    let (set, (mut report, out)) =
        match open_one_or_set(a.run.device.as_deref(), req.batch > 1, what)? {
            Opened::One(gpu) => {
                let done = crate::ntt::request::run(&gpu, &req, prepared)?;
                (DeviceSet::of(vec![gpu])?, done)
            }
            Opened::Set(set) => {
                let done = crate::ntt::batch::run_split(&set, &req, prepared)?;
                (set, done)
            }
        };
    let described = match set.len() {
        1 => set.members[0].describe(),
        _ => set.describe(),
    };
    let failed = report.check_failed();
    if let (Some(path), false) = (&a.run.output, failed) {
        let field = req.spec.prime_field(crate::field::LimbBits::B64)?;
        write_data(path, format_elements(&field, &out).as_bytes())?;
        report.output = Some(path.display().to_string());
    }
    print_and_conclude(
        a.run.json,
        || crate::report::families::ntt(&report),
        || say_lines(&report.lines(&described)),
        failed.then(|| "the device result differs from the CPU reference".to_string()),
    )
}

/// The program `ntt` would build for these flags.
pub fn source(t: &NttSpecArgs) -> Result<String> {
    let plan = t.spec().plan(None)?;
    let schedule = Schedule::for_plan(&plan);
    Ok(crate::ntt::kernels::generate(&plan, &schedule).source)
}

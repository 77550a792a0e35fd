//! What a built transform launches and allocates: the schedule, each launch's global and local
//! work size, every buffer with its size and flags, and the program's build options and cache
//! key. Reports that compare runs of "the same plan" carry it (`vc --json`, `tune --json`), so
//! that two measurements that differ say whether they ran the same launches (issue 28: `tune`'s
//! "default" was the paper's 12-pass CT plan while `vc` ran two fused passes).

use super::execute::{Buffers, TypedBuffers};
use super::plan::{Algorithm, Coeffs};
use super::schedule::PassKind;
use super::VcTransform;
use ocl::{Buffer, OclPrm};
use serde::Serialize;

/// One kernel launch of a transform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LaunchSize {
    /// The kernel's name.
    pub kernel: String,
    /// `ct`, `cg`, or `fused` with its layout (`fused inplace`, `fused rotate`, `fused staged`).
    pub pass: String,
    /// The pass's radix p^digits.
    pub radix: u64,
    /// Global work size (work-items launched: whole work-groups, kernels guard the tail).
    pub global: usize,
    /// Local work size (work-items a work-group).
    pub local: usize,
}

/// One allocation of a transform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BufferSize {
    /// What it holds: `a`, `b`, `staging` (pinned), `coefficients rN`, or a truth/reduction
    /// buffer.
    pub name: String,
    /// Bytes allocated.
    pub bytes: u64,
    /// The flags the driver reports for it (CL_MEM_FLAGS).
    pub flags: String,
}

/// The schedule, launches, buffers and build of one built transform.
#[derive(Debug, Clone, Serialize)]
pub struct SetupReport {
    /// The plan's algorithm.
    pub algorithm: Algorithm,
    /// Where the ct/cg butterflies read their coefficients.
    pub coeffs: Coeffs,
    /// Launches a transform takes.
    pub passes: usize,
    /// The radix of each pass, e.g. `3^7·3^5`.
    pub radices: String,
    /// Each launch, in order.
    pub launches: Vec<LaunchSize>,
    /// Each allocation.
    pub buffers: Vec<BufferSize>,
    /// The options the program was built with.
    pub build_options: String,
    /// The program cache key (a hash of device, driver, options and source): equal keys ran
    /// the same binary.
    pub program_key: String,
    /// The program came from the on-disk cache.
    pub build_from_cache: bool,
}

impl SetupReport {
    /// The setup of a built transform.
    pub fn of(tr: &VcTransform) -> SetupReport {
        let launches = tr
            .schedule
            .passes
            .iter()
            .map(|pass| {
                let (items, local) = tr.launch_range(pass);
                let local = local.max(1);
                LaunchSize {
                    kernel: tr.kernels[pass.kernel].name.clone(),
                    pass: match &pass.kind {
                        PassKind::Ct { .. } => "ct".into(),
                        PassKind::Cg => "cg".into(),
                        PassKind::Fused(f) => format!("fused {}", layout_name(f.layout)),
                    },
                    radix: pass.radix,
                    global: items.div_ceil(local) * local,
                    local,
                }
            })
            .collect();
        let buffers = match &tr.buffers {
            TypedBuffers::F32(b) => buffer_sizes(b),
            TypedBuffers::F64(b) => buffer_sizes(b),
        };
        SetupReport {
            algorithm: tr.plan.algorithm,
            coeffs: tr.plan.coeffs,
            passes: tr.schedule.pass_count(),
            radices: tr.schedule.radices(),
            launches,
            buffers,
            build_options: tr.built.options.clone(),
            program_key: tr.built.key.clone(),
            build_from_cache: tr.built.from_cache,
        }
    }
}

fn layout_name(l: crate::vc::fused::Layout) -> &'static str {
    use crate::vc::fused::Layout;
    match l {
        Layout::Rotate => "rotate",
        Layout::Inplace => "inplace",
        Layout::Staged => "staged",
    }
}

fn size_of<T: OclPrm>(name: &str, b: &Buffer<T>) -> BufferSize {
    BufferSize {
        name: name.to_string(),
        bytes: (b.len() * std::mem::size_of::<T>()) as u64,
        flags: b
            .flags()
            .map_or_else(|e| format!("unknown ({e})"), |f| format!("{f:?}")),
    }
}

fn buffer_sizes<T: OclPrm>(b: &Buffers<T>) -> Vec<BufferSize> {
    let mut out = vec![size_of("a", &b.a)];
    if let Some(x) = &b.b {
        out.push(size_of("b", x));
    }
    out.push(size_of("staging", b.staging.buffer()));
    for (digits, c) in &b.coef {
        out.push(size_of(&format!("coefficients {digits} digits"), c));
    }
    if let Some(m) = &b.mvl {
        let extra = [
            m.truth.as_ref().map(|x| size_of("truth", x)),
            m.truth_staging
                .as_ref()
                .map(|x| size_of("truth staging", x.buffer())),
            m.eps.as_ref().map(|x| size_of("eps", x)),
            Some(size_of("flag", &m.flag)),
            m.part.as_ref().map(|x| size_of("part", x)),
            m.hscale.as_ref().map(|x| size_of("hscale", x)),
            m.zeros.as_ref().map(|x| size_of("zeros", x)),
            m.hist.as_ref().map(|x| size_of("hist", x)),
        ];
        out.extend(extra.into_iter().flatten());
        if let Some(x) = &m.part_staging {
            out.push(size_of("part staging", x.buffer()));
        }
    }
    out
}

//! A streamed run's pipeline slots (device buffers and pinned staging, one chunk each) and the
//! chunk transform each pass runs on them.

use super::plan::StreamPass;
use crate::error::Result;
use crate::runtime::{Gpu, Pinned};
use crate::vc::execute::{coefficient_tables, Buffers, Real};
use crate::vc::plan::{Algorithm, Coeffs, VcOptions, VcPlan};
use crate::vc::CompiledVc;
use ocl::Buffer;

/// Pipeline slots: chunk k gathered while k−3 is scattered and k−1, k−2 are on the device
/// (upload, compute, download on three queues).
pub const SLOTS: usize = 4;

pub(super) struct Slot<T: ocl::OclPrm> {
    pub(super) a: Buffer<T>,
    pub(super) b: Option<Buffer<T>>,
    pub(super) staging: Pinned<T>,
}

pub(super) struct Typed<T: ocl::OclPrm> {
    pub(super) slots: Vec<Slot<T>>,
    /// Per transform, per slot: the slot's buffers with the transform's coefficient tables.
    pub(super) bufs: Vec<Vec<Buffers<T>>>,
}

pub(super) enum TypedSlots {
    F32(Typed<f32>),
    F64(Typed<f64>),
}

/// The chunk transform of a pass: `c = 0`: `h` whole transforms of p^w points as `bottom`
/// says (the device's default choice, or the user's options); else a Cooley-Tukey plan of
/// p^(w+c) points that stops after the top w digits.
pub(super) fn chunk_plan(
    whole: &VcPlan,
    pass: &StreamPass,
    bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
) -> Result<VcPlan> {
    let base = VcOptions {
        precision: whole.precision,
        direction: whole.direction,
        norm: Some(whole.norm),
        ..VcOptions::default()
    };
    if pass.c == 0 {
        let plan = VcPlan::new(whole.p, pass.w, base)?;
        return bottom(plan)?.with_batch(pass.h);
    }
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(crate::vc::choose::cpu_default_radix(whole.p, pass.w)),
        coeffs: Coeffs::Literal,
        ..base
    };
    VcPlan::new(whole.p, pass.w + pass.c, opts)?
        .with_top_digits(pass.w)?
        .with_batch(pass.h)
}

pub(super) fn alloc_typed<T: Real>(
    gpu: &Gpu,
    transforms: &[CompiledVc],
    reals: usize,
    two: bool,
) -> Result<Typed<T>> {
    let dev = |_: ()| crate::runtime::pinned::device_buffer::<T>(&gpu.queue, reals);
    let slots = (0..SLOTS)
        .map(|_| {
            Ok(Slot {
                a: dev(())?,
                b: if two { Some(dev(())?) } else { None },
                staging: Pinned::new(&gpu.queue, reals)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let bufs = transforms
        .iter()
        .map(|tr| {
            let coef = coefficient_tables::<T>(gpu, &tr.plan, &tr.schedule)?;
            slots
                .iter()
                .map(|s| {
                    Ok(Buffers {
                        a: s.a.clone(),
                        b: s.b.clone(),
                        coef: coef.clone(),
                        // Launches never touch a transform's staging; the slots own theirs.
                        staging: Pinned::new(&gpu.queue, 2)?,
                        mvl: None,
                    })
                })
                .collect::<Result<Vec<_>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Typed { slots, bufs })
}

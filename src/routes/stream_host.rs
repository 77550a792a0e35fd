//! Where a streamed run's host array lives, chosen here: values jitfft generates itself
//! (random input) go straight into pinned pieces ([`PinnedHost`]) that the passes move with
//! rectangle transfers and no host copy; a file's values, an `.npy` output (written from one
//! contiguous array), `JITFFT_STREAM_HOST=staged` or a refused pinned allocation keep a
//! pageable array moved through the gather/scatter staging.

use super::streamed::{from_f64, load, to_f64, Deferred};
use super::RunOptions;
use crate::error::Result;
use crate::io::output::{is_npy, is_stdout};
use crate::io::random::{fill_random, fresh_seed};
use crate::runtime::Gpu;
use crate::vc::request::Request;
use crate::vc::stream::{PassTimes, PinnedHost, StreamedVc};
use crate::vc::{DeviceComplex, VcOptions, VcPlan};
use num_complex::Complex64;

/// A streamed run's host array.
pub(super) enum Host<C> {
    /// Pageable memory: chunks gathered into and scattered from pinned staging; with the
    /// input file whose values the first pass reads itself (the array left unread).
    Pageable(Vec<C>, Option<Deferred>),
    /// jitfft's own pinned pieces: rectangle transfers straight from and into them.
    Pinned(PinnedHost),
}

impl<C: DeviceComplex> Host<C> {
    /// Runs the passes in place with the mechanism the memory allows.
    pub(super) fn run(&mut self, sv: &StreamedVc, gpu: &Gpu) -> Result<Vec<PassTimes>> {
        match self {
            Host::Pageable(v, None) => sv.run(gpu, v),
            Host::Pageable(v, Some(d)) => sv.run_from(gpu, v, Some(&|at, b| d.read(at, b))),
            Host::Pinned(h) => sv.run_pinned(gpu, h),
        }
    }

    /// The values in f64, in element order.
    pub(super) fn to_f64(&self) -> Result<Vec<Complex64>> {
        match self {
            Host::Pageable(v, _) => Ok(to_f64(v)),
            Host::Pinned(h) => Ok(h.pieces::<C>()?.into_iter().flat_map(to_f64).collect()),
        }
    }

    /// The values as one slice, where they are one.
    pub(super) fn as_slice(&self) -> Option<&[C]> {
        match self {
            Host::Pageable(v, _) => Some(v),
            Host::Pinned(_) => None,
        }
    }

    /// Frees pinned pieces, reporting an unmap error.
    pub(super) fn release(self) -> Result<()> {
        match self {
            Host::Pageable(..) => Ok(()),
            Host::Pinned(h) => h.release(),
        }
    }
}

/// The host array of a streamed run: (n, batch, shape, array, input description, seed, where
/// the array lives and why).
pub(super) type Loaded<C> = (u32, u64, Vec<usize>, Host<C>, String, Option<u64>, String);

/// Reads or generates the input of `req` into the host array the run allows.
pub(super) fn load_host<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
) -> Result<Loaded<C>> {
    let staged = crate::runtime::env::stream_host_staged();
    Ok(match pinned_random::<C>(req, o, gpu, staged)? {
        Ok((n, b, shape, h, seed)) => {
            let how = format!("pinned ({} piece(s)), rectangle transfers", h.piece_count());
            let what = format!("random (seed {seed})");
            (n, b, shape, Host::Pinned(h), what, Some(seed), how)
        }
        Err(why) => {
            let (n, b, shape, v, what, seed, d) = load::<C>(req, o, gpu.knobs.stream_file_source)?;
            let how = format!("pageable, gather/scatter through pinned staging ({why})");
            (n, b, shape, Host::Pageable(v, d), what, seed, how)
        }
    })
}

/// Random input of `req` straight into pinned pieces, when the run allows it: `(n, batch,
/// shape, array, seed)`, or `Err(why not)` (the caller falls back to pageable memory and says
/// why in the report).
#[allow(clippy::type_complexity)]
fn pinned_random<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    staged_asked: bool,
) -> Result<std::result::Result<(u32, u64, Vec<usize>, PinnedHost, u64), String>> {
    let (Some(n), None) = (req.n, &req.input) else {
        return Ok(Err("the input is a file's values".into()));
    };
    if staged_asked {
        return Ok(Err("JITFFT_STREAM_HOST=staged".into()));
    }
    if req
        .output
        .as_ref()
        .is_some_and(|p| is_npy(p) && !is_stdout(p))
    {
        return Ok(Err(
            "an .npy output is written from one contiguous array".into()
        ));
    }
    let b = req.batch.unwrap_or(1);
    let plan = VcPlan::new(req.p, n, VcOptions::default())?.with_batch(b)?;
    let mut host = match PinnedHost::new(gpu, C::PRECISION, plan.total_len()) {
        Ok(h) => h,
        Err(e) => return Ok(Err(format!("pinning the host array failed: {e}"))),
    };
    let seed = o.seed.unwrap_or_else(fresh_seed);
    // The values the pageable path draws (`streamed::load`), each piece from its offset.
    let mut offset = 0u64;
    for piece in host.pieces_mut::<C>()? {
        let len = piece.len() as u64;
        fill_random(seed, offset, piece, from_f64::<C>);
        offset += len;
    }
    let shape = if b > 1 {
        vec![b as usize, plan.len as usize]
    } else {
        vec![plan.len as usize]
    };
    Ok(Ok((n, b, shape, host, seed)))
}

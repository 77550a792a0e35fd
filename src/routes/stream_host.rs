//! Where a streamed run's host array lives, chosen here: values jitfft generates itself
//! (random input) go straight into pinned pieces ([`PinnedHost`]) that the passes move with
//! rectangle transfers and no host copy; a file's values, an `.npy` output (written from one
//! contiguous array), `JITFFT_STREAM_HOST=staged` or a refused pinned allocation keep a
//! pageable array moved through the gather/scatter staging.

use super::RunOptions;
use crate::error::{JitError, Result};
use crate::io::input::{batch_shape, infer_n, load_input_batch, Encoding};
use crate::io::npy_raw::read_at;
use crate::io::npy_stream::{complex_header, read_complex_into};
use crate::io::output::{is_npy, is_stdout};
use crate::io::random::{fill_random, fresh_seed};
use crate::runtime::Gpu;
use crate::transform::Precision;
use crate::vc::request::Request;
use crate::vc::stream::{PassTimes, PinnedHost, StreamedVc};
use crate::vc::{DeviceComplex, VcOptions, VcPlan};
use num_complex::{Complex32, Complex64};
use rayon::prelude::*;

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
            Host::Pinned(h) => {
                let pieces = h.pieces::<C>()?;
                let mut out = Vec::with_capacity(pieces.iter().map(|p| p.len()).sum());
                for p in pieces {
                    out.par_extend(widen(p));
                }
                Ok(out)
            }
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
    // The values the pageable path draws (`load`), each piece from its offset.
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

/// Pageable host input in the plan's precision: (n, batch, shape, values, description, seed, and the
/// file whose values the first pass reads itself where `values` was left unread).
type Read<C> = (
    u32,
    u64,
    Vec<usize>,
    Vec<C>,
    String,
    Option<u64>,
    Option<Deferred>,
);

/// An input file of the plan's own width, read by the streamed run's first pass straight into
/// its pinned slots (`StreamedVc::run_from`) instead of into the host array first.
pub(super) struct Deferred {
    file: std::fs::File,
    path: std::path::PathBuf,
    offset: u64,
    /// Bytes of a complex value.
    elem: u64,
}

impl Deferred {
    /// Reads the values from value `first` on into `dst` (a [`ChunkSource`]).
    pub(super) fn read(&self, first: u64, dst: &mut [u8]) -> Result<()> {
        read_at(&self.file, &self.path, self.offset + first * self.elem, dst)
    }
}

/// `len` zeroed values whose pages are not touched yet (the allocator's zeroed memory: fresh
/// pages are mapped on first write), so the first pass's scatter is their first touch, on
/// every core and beside the transfers. (`vec![zeroed; len]` of a complex type writes every
/// value on one thread.)
fn untouched<C: bytemuck::Pod>(len: usize) -> Result<Vec<C>> {
    if len == 0 || std::mem::size_of::<C>() == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<C>(len)
        .map_err(|_| JitError::invalid(format!("{len} values do not fit the address space")))?;
    // SAFETY: a non-zero layout; all-zero bytes are a valid `C` (Pod); the pointer, length and
    // capacity come from this allocation of `len` values, freed by Vec with the same layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<C>();
        if ptr.is_null() {
            return Err(JitError::invalid(format!(
                "cannot allocate {} bytes of host memory",
                layout.size()
            )));
        }
        Ok(Vec::from_raw_parts(ptr, len, len))
    }
}

/// Reads (or draws) the input; `defer`: a file of the plan's width is left for the first pass.
fn load<C: DeviceComplex>(req: &Request, o: &RunOptions, defer: bool) -> Result<Read<C>> {
    let (p, conv) = (req.p, |v: Vec<Complex64>| -> Vec<C> {
        v.into_iter().map(from_f64::<C>).collect()
    });
    let Some(path) = &req.input else {
        let Some(n) = req.n else {
            return Err(JitError::invalid(
                "--n is required when no --input is given (N = p^n)",
            ));
        };
        let b = req.batch.unwrap_or(1);
        let plan = VcPlan::new(p, n, VcOptions::default())?.with_batch(b)?;
        let seed = o.seed.unwrap_or_else(fresh_seed);
        // The values `io::random::random_complex` draws, straight into the precision.
        let mut v = untouched::<C>(plan.total_len() as usize)?;
        fill_random(seed, 0, &mut v, from_f64::<C>);
        let shape = if b > 1 {
            vec![b as usize, plan.len as usize]
        } else {
            vec![plan.len as usize]
        };
        return Ok((
            n,
            b,
            shape,
            v,
            format!("random (seed {seed})"),
            Some(seed),
            None,
        ));
    };
    let what = path.display().to_string();
    if let Some(npy) = complex_header(path)? {
        let (b, len) = batch_shape(p, &npy.shape, req.batch, &what)?;
        let n = infer_n(p, len, &format!("each transform of {what}"))?;
        if let Some(want) = req.n.filter(|&w| w != n) {
            return Err(JitError::invalid(format!(
                "{what}: transforms of {len} values = {p}^{n}, but --n {want} asks for {p}^{want}"
            )));
        }
        let mut v = untouched::<C>(npy.len())?;
        // The plan's own width and no reference to keep: the first pass reads the file.
        if defer && npy.single == (C::PRECISION == Precision::F32) && !req.check {
            let file = std::fs::File::open(path)
                .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
            let d = Deferred {
                file,
                path: path.clone(),
                offset: npy.offset,
                elem: std::mem::size_of::<C>() as u64,
            };
            return Ok((n, b, npy.shape.clone(), v, what, None, Some(d)));
        }
        read_complex_into(path, &npy, &mut v)?;
        return Ok((n, b, npy.shape.clone(), v, what, None, None));
    }
    let enc = if req.roots {
        Encoding::Roots
    } else {
        Encoding::Values
    };
    let (n, b, shape, data) = load_input_batch(path, p, req.n, req.batch, enc)?;
    Ok((n, b, shape, conv(data), what, None, None))
}

/// A value in the precision (rounded for f32).
fn from_f64<C: DeviceComplex>(c: Complex64) -> C {
    match C::PRECISION {
        Precision::F32 => *bytemuck::from_bytes(bytemuck::bytes_of(&Complex32::new(
            c.re as f32,
            c.im as f32,
        ))),
        Precision::F64 => *bytemuck::from_bytes(bytemuck::bytes_of(&c)),
    }
}

/// `v` in f64, on every core (a check of 3^20 points widens 28 GB).
fn to_f64<C: DeviceComplex>(v: &[C]) -> Vec<Complex64> {
    widen(v).collect()
}

fn widen<C: DeviceComplex>(v: &[C]) -> impl IndexedParallelIterator<Item = Complex64> + '_ {
    let (f32s, f64s) = match C::PRECISION {
        Precision::F32 => (bytemuck::cast_slice::<C, Complex32>(v), &[][..]),
        Precision::F64 => (&[][..], bytemuck::cast_slice::<C, Complex64>(v)),
    };
    f32s.par_iter()
        .map(|c| Complex64::new(c.re as f64, c.im as f64))
        .chain(f64s.par_iter().copied())
}
